import Foundation
@testable import Fuctivity
import Kernel
import Testing

let kyiv = TimeZone(identifier: "Europe/Kyiv")!
let newYork = TimeZone(identifier: "America/New_York")!

func day(_ text: String) -> LocalDay { LocalDay(text)! }
func at(_ day: String, _ clock: String, _ zone: TimeZone = kyiv) -> Date { LocalDay(day)!.moment(minutes: WeekPlan.minutes(clock)!, in: zone) }
func local(_ date: Date, _ zone: TimeZone = kyiv) -> String { LocalDateTime(date, in: zone).timeString }
func hours(_ interval: DateInterval) -> Double { interval.duration / 3600 }

extension FuctivityTests {
    @Suite("Days, durations and daylight saving")
    struct DayTests {
        @Test("days parse only when real, know their weekday and week, and last 23 or 25 hours across a change")
        func days() {
            #expect(LocalDay("2026-02-29") == nil && LocalDay("2026-13-01") == nil && LocalDay("26-01-01") == nil)
            #expect(LocalDay("2028-02-29")?.description == "2028-02-29")
            #expect(day("2026-11-23").weekday == 1 && day("2026-11-29").weekday == 7)
            #expect(day("2026-11-29").monday == day("2026-11-23") && day("2026-11-23").monday == day("2026-11-23"))
            #expect(day("2026-12-31").adding(days: 1) == day("2027-01-01"))
            // Europe/Kyiv: clocks go forward on 29 March 2026 and back on 25 October 2026.
            #expect(hours(day("2026-03-29").interval(in: kyiv)) == 23)
            #expect(hours(day("2026-10-25").interval(in: kyiv)) == 25)
            #expect(hours(day("2026-11-23").interval(in: kyiv)) == 24)
            #expect(LocalDay(at("2026-03-29", "23:30"), in: kyiv) == day("2026-03-29"))
            // A wall-clock time skipped by the change moves forward, as clocks do.
            #expect(local(at("2026-03-29", "03:30")) == "04:30")
        }

        @Test("every text is in both languages with the same placeholders")
        func catalog() {
            #expect(FuctivityStrings.catalog.problems() == [])
        }

        @Test("week plan times read and write as HH:MM; out-of-range plans name each field")
        func plan() {
            #expect(WeekPlan.minutes("09:00") == 540 && WeekPlan.minutes("24:00") == 1440 && WeekPlan.minutes("7:05") == 425)
            #expect(WeekPlan.minutes("24:01") == nil && WeekPlan.minutes("9") == nil && WeekPlan.minutes("09:60") == nil)
            #expect(WeekPlan.clock(425) == "07:05")
            let bad = WeekPlan(workingDays: [0, 8], workHours: 17, restHours: 0, dayStarts: 600, dayEnds: 600)
            #expect(Set(bad.problems().map(\.field)) == ["workingDays", "workHours", "restHours", "dayEnds"])
            #expect(WeekPlan().problems().isEmpty)
        }
    }
}

extension FuctivityTests {
    @Suite("Suggestions")
    struct SuggestionTests {
        let plan = WeekPlan(workingDays: [1, 2, 3, 4, 5], workHours: 8, workStarts: 9 * 60, restHours: 3,
                            dayStarts: 7 * 60, dayEnds: 23 * 60, timeZone: kyiv)
        let longAgo = Date(timeIntervalSince1970: 0)

        @Test("a working day: the evening after work first, until the day's planned rest is reached")
        func workingDay() {
            let monday = RestPlanner.suggest(for: day("2026-11-23"), plan: plan, busy: [], now: longAgo)
            #expect(monday.isWorkingDay && monday.targetMinutes == 180 && monday.plannedMinutes == 0)
            #expect(monday.slots.map { "\(local($0.start))–\(local($0.end))" } == ["17:00–19:00", "19:00–20:00"])
        }

        @Test("a day off is offered whole; rest already planned counts, and planned activities are avoided")
        func dayOff() {
            let walk = DateInterval(start: at("2026-11-28", "17:00"), end: at("2026-11-28", "18:00"))
            let saturday = RestPlanner.suggest(for: day("2026-11-28"), plan: plan, busy: [walk], now: longAgo)
            #expect(!saturday.isWorkingDay && saturday.plannedMinutes == 60)
            #expect(saturday.slots.map { "\(local($0.start))–\(local($0.end))" } == ["18:00–20:00"])
            #expect(!saturday.slots.contains { $0.intersects(walk) && RestPlanner.overlap($0, walk) > 0 })
        }

        @Test("free time on a working day leaves out work; on a day off it is the waking day less what is planned")
        func freeTime() {
            let walk = DateInterval(start: at("2026-11-23", "17:05"), end: at("2026-11-23", "18:00"))
            let monday = RestPlanner.freeTime(on: day("2026-11-23"), plan: plan, busy: [walk])
            // Work is 09:00–17:00; the five minutes between work and the walk are too short to offer.
            #expect(monday.map { "\(local($0.start))–\(local($0.end))" } == ["07:00–09:00", "18:00–23:00"])
            let saturday = RestPlanner.freeTime(on: day("2026-11-28"), plan: plan, busy: [])
            #expect(saturday.map { "\(local($0.start))–\(local($0.end))" } == ["07:00–23:00"])
        }

        @Test("overlapping activities count their shared time once")
        func overlaps() {
            let a = DateInterval(start: at("2026-11-28", "17:00"), end: at("2026-11-28", "18:00"))
            let b = DateInterval(start: at("2026-11-28", "17:30"), end: at("2026-11-28", "18:30"))
            #expect(RestPlanner.suggest(for: day("2026-11-28"), plan: plan, busy: [a, b], now: longAgo).plannedMinutes == 90)
            let stats = WeekStatistics.compute(week: day("2026-11-28"), plan: plan, activities: [a, b].map {
                ActivityFact(interval: $0, status: .done, categoryID: BuiltInCategory.other.uuid, rating: nil)
            })
            #expect(stats.days[5].restedMinutes == 90)
        }

        @Test("a full day gets no suggestion; neither does a day whose rest is already planned")
        func fullDay() {
            let allDay = DateInterval(start: at("2026-11-24", "07:00"), end: at("2026-11-24", "23:00"))
            #expect(RestPlanner.suggest(for: day("2026-11-24"), plan: plan, busy: [allDay], now: longAgo).slots.isEmpty)
            let rested = DateInterval(start: at("2026-11-24", "18:00"), end: at("2026-11-24", "21:00"))
            let done = RestPlanner.suggest(for: day("2026-11-24"), plan: plan, busy: [rested], now: longAgo)
            #expect(done.slots.isEmpty && done.plannedMinutes == 180)
        }

        @Test("today nothing is suggested in the past; slots start on a quarter hour")
        func today() {
            let now = at("2026-11-23", "18:07")
            let slots = RestPlanner.suggest(for: day("2026-11-23"), plan: plan, busy: [], now: now).slots
            #expect(slots.map { "\(local($0.start))–\(local($0.end))" } == ["18:15–20:15", "20:15–21:15"])
        }

        @Test("across a daylight-saving change, slots keep the wall-clock times of the plan")
        func daylightSaving() {
            // Sunday 29 March 2026 (a day off, 23 hours long) and Sunday 25 October (25 hours).
            for date in ["2026-03-29", "2026-10-25"] {
                let slots = RestPlanner.suggest(for: day(date), plan: plan, busy: [], now: longAgo).slots
                #expect(slots.map { "\(local($0.start))–\(local($0.end))" } == ["17:00–19:00", "19:00–20:00"], "\(date)")
                #expect(slots.map(\.duration) == [7200, 3600])
            }
        }
    }
}

extension FuctivityTests {
    @Suite("Week statistics")
    struct StatisticsTests {
        let sleep = BuiltInCategory.find("sleep")!.uuid
        let walk = BuiltInCategory.find("walk")!.uuid

        func fact(_ from: Date, _ to: Date, _ status: ActivityStatus = .done, _ category: UUID? = nil, rating: Int? = nil) -> ActivityFact {
            ActivityFact(interval: DateInterval(start: from, end: to), status: status, categoryID: category ?? walk, rating: rating)
        }

        @Test("rest is counted on the day it falls on, split at midnight; planned and skipped apart; ratings averaged")
        func sums() {
            let plan = WeekPlan(restHours: 2, timeZone: kyiv)
            let facts = [
                fact(at("2026-11-23", "18:00"), at("2026-11-23", "19:30"), rating: 4),
                fact(at("2026-11-24", "23:00"), at("2026-11-25", "07:00"), .done, sleep, rating: 5),   // 1 h Tuesday, 7 h Wednesday
                fact(at("2026-11-26", "18:00"), at("2026-11-26", "19:00"), .planned),
                fact(at("2026-11-27", "18:00"), at("2026-11-27", "19:00"), .skipped),
                fact(at("2026-11-29", "10:00"), at("2026-11-29", "11:00"), rating: 2),
                fact(at("2026-11-30", "10:00"), at("2026-11-30", "11:00"), rating: 1),                  // next week
            ]
            let stats = WeekStatistics.compute(week: day("2026-11-26"), plan: plan, activities: facts)
            #expect(stats.weekStart == day("2026-11-23"))
            #expect(stats.days.map(\.restedMinutes) == [90, 60, 420, 0, 0, 0, 60])
            #expect(stats.days.map(\.plannedMinutes) == [0, 0, 0, 60, 0, 0, 0])
            #expect(stats.totalRestedMinutes == 630 && stats.totalTargetMinutes == 7 * 120)
            #expect(stats.ratings.map(\.categoryID) == [sleep, walk])
            #expect(stats.ratings.map(\.average) == [5, 3] && stats.ratings.map(\.count) == [1, 2])
        }

        @Test("the same moments fall on different days in another time zone")
        func timeZones() {
            // 03:00–05:00 on Monday in Kyiv is 20:00–22:00 on Sunday in New York.
            let facts = [fact(at("2026-11-23", "03:00"), at("2026-11-23", "05:00"))]
            let inKyiv = WeekStatistics.compute(week: day("2026-11-23"), plan: WeekPlan(timeZone: kyiv), activities: facts)
            let inNewYork = WeekStatistics.compute(week: day("2026-11-16"), plan: WeekPlan(timeZone: newYork), activities: facts)
            #expect(inKyiv.days[0].restedMinutes == 120)
            #expect(inNewYork.days[6].restedMinutes == 120 && inNewYork.days[6].day == day("2026-11-22"))
        }

        @Test("a week with a daylight-saving change: the night of the change counts its real length")
        func daylightSavingWeek() {
            // 25 October 2026, Kyiv: 00:00–06:00 on the wall clock is 7 real hours (03:00–04:00 happens twice).
            let facts = [fact(at("2026-10-25", "00:00"), at("2026-10-25", "06:00"), .done, sleep)]
            let stats = WeekStatistics.compute(week: day("2026-10-25"), plan: WeekPlan(timeZone: kyiv), activities: facts)
            #expect(stats.weekStart == day("2026-10-19"))
            #expect(stats.days[6].restedMinutes == 420 && stats.totalRestedMinutes == 420)
        }
    }
}
