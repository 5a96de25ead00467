import Foundation
import Kernel

/// Free time for rest on one day, worked out from the person's week plan and what they
/// already have planned.
public struct DaySuggestions: Sendable, Equatable {
    public let day: LocalDay
    public let isWorkingDay: Bool
    /// Rest the person means to take that day.
    public let targetMinutes: Int
    /// Rest already planned (or taken) that day, skipped activities aside; overlapping
    /// activities count their shared time once.
    public let plannedMinutes: Int
    /// Suggested slots, in time order.
    public let slots: [DateInterval]
}

/// Suggests rest: inside the waking day, around work on working days and around
/// activities already planned, until the day's planned rest is reached. Slots start on a
/// quarter hour, last 30 minutes to 2 hours, and the evening after work comes first.
public enum RestPlanner {
    static let grid: TimeInterval = 15 * 60
    static let shortest: TimeInterval = 30 * 60
    static let longest: TimeInterval = 2 * 3600

    /// - Parameters:
    ///   - busy: the person's activities that day (skipped and deleted ones left out).
    ///   - now: nothing is suggested before it on the current day; earlier days are
    ///     offered whole, for rest that was taken but not written down.
    public static func suggest(for day: LocalDay, plan: WeekPlan, busy: [DateInterval], now: Date) -> DaySuggestions {
        let zone = plan.timeZone
        let dayInterval = day.interval(in: zone)
        let isWorkingDay = plan.workingDays.contains(day.weekday)
        let target = plan.restHours * 60
        let planned = covered(busy, within: dayInterval)
        let plannedMinutes = Int((planned / 60).rounded())

        var windowStart = day.moment(minutes: plan.dayStarts, in: zone)
        let windowEnd = day.moment(minutes: plan.dayEnds, in: zone)
        if dayInterval.contains(now) { windowStart = max(windowStart, roundUp(now)) }
        let workEnd = day.moment(minutes: min(plan.workStarts + plan.workHours * 60, 24 * 60), in: zone)
        let taken = busy + [work(on: day, plan: plan)].compactMap { $0 }
        var remaining = TimeInterval(target * 60) - planned
        guard windowStart < windowEnd, remaining >= shortest else {
            return DaySuggestions(day: day, isWorkingDay: isWorkingDay, targetMinutes: target, plannedMinutes: plannedMinutes, slots: [])
        }
        // The evening (from the hour work ends, on days off too) first, then the rest of the day.
        let free = subtract(taken, from: DateInterval(start: windowStart, end: windowEnd)).flatMap { split($0, at: workEnd) }
        let ordered = free.filter { $0.start >= workEnd } + free.filter { $0.start < workEnd }
        var slots: [DateInterval] = []
        for gap in ordered {
            var cursor = roundUp(gap.start)
            while remaining >= shortest {
                let length = roundDown(min(gap.end.timeIntervalSince(cursor), remaining, longest))
                guard length >= shortest else { break }
                slots.append(DateInterval(start: cursor, duration: length))
                remaining -= length
                cursor = cursor.addingTimeInterval(length)
            }
        }
        return DaySuggestions(day: day, isWorkingDay: isWorkingDay, targetMinutes: target, plannedMinutes: plannedMinutes,
                              slots: slots.sorted { $0.start < $1.start })
    }

    /// How long `a` and `b` share, in seconds.
    public static func overlap(_ a: DateInterval, _ b: DateInterval) -> TimeInterval {
        max(0, min(a.end, b.end).timeIntervalSince(max(a.start, b.start)))
    }

    /// Work's hours on `day`, or nil on a day off.
    public static func work(on day: LocalDay, plan: WeekPlan) -> DateInterval? {
        guard plan.workingDays.contains(day.weekday) else { return nil }
        let zone = plan.timeZone
        return DateInterval(start: day.moment(minutes: plan.workStarts, in: zone),
                            end: day.moment(minutes: min(plan.workStarts + plan.workHours * 60, 24 * 60), in: zone))
    }

    /// Gaps of at least a quarter of an hour in the waking day, outside work and the
    /// person's activities (`busy`), to add an activity right there.
    public static func freeTime(on day: LocalDay, plan: WeekPlan, busy: [DateInterval]) -> [DateInterval] {
        let zone = plan.timeZone
        let waking = DateInterval(start: day.moment(minutes: plan.dayStarts, in: zone), end: day.moment(minutes: plan.dayEnds, in: zone))
        return subtract(busy + [work(on: day, plan: plan)].compactMap { $0 }, from: waking).filter { $0.duration >= 15 * 60 }
    }

    /// How much of `window` the intervals cover together, in seconds: time two activities
    /// share counts once (nobody rests twice in one hour).
    public static func covered(_ intervals: [DateInterval], within window: DateInterval) -> TimeInterval {
        window.duration - subtract(intervals, from: window).reduce(0) { $0 + $1.duration }
    }

    /// What is left of `window` once `busy` is taken out, in time order.
    static func subtract(_ busy: [DateInterval], from window: DateInterval) -> [DateInterval] {
        var free: [DateInterval] = []
        var cursor = window.start
        for block in busy.sorted(by: { $0.start < $1.start }) where block.end > cursor && block.start < window.end {
            if block.start > cursor { free.append(DateInterval(start: cursor, end: block.start)) }
            cursor = max(cursor, block.end)
        }
        if cursor < window.end { free.append(DateInterval(start: cursor, end: window.end)) }
        return free
    }

    /// `interval` cut in two at `moment` when it spans it.
    static func split(_ interval: DateInterval, at moment: Date) -> [DateInterval] {
        guard interval.start < moment, moment < interval.end else { return [interval] }
        return [DateInterval(start: interval.start, end: moment), DateInterval(start: moment, end: interval.end)]
    }

    /// Quarter hours are quarter hours in every zone in use (offsets are multiples of 15 minutes).
    static func roundUp(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / grid).rounded(.up) * grid)
    }

    static func roundDown(_ length: TimeInterval) -> TimeInterval { (length / grid).rounded(.down) * grid }
}
