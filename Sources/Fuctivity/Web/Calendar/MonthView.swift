import Foundation
import Kernel

/// The weeks, Monday to Sunday, that a month's days fall in.
struct MonthGrid {
    /// The day asked for; its month is the one shown.
    let chosen: LocalDay
    let first: LocalDay
    /// The first day of the next month.
    let next: LocalDay
    /// The Monday the grid starts on.
    let start: LocalDay
    let weeks: Int

    init(containing chosen: LocalDay) {
        self.chosen = chosen
        first = LocalDay(year: chosen.year, month: chosen.month, day: 1)!
        next = LocalDay(year: chosen.month == 12 ? chosen.year + 1 : chosen.year, month: chosen.month == 12 ? 1 : chosen.month + 1, day: 1)!
        start = first.monday
        weeks = (next.daysSinceEpoch - start.daysSinceEpoch + 6) / 7
    }

    /// The day after the grid's last.
    var end: LocalDay { start.adding(days: weeks * 7) }
}

/// A month as a table: a row per week, each day with the rest in it, linking to the day.
struct MonthView {
    let planner: Planner
    let grid: MonthGrid
    /// The grid's activities.
    let activities: [ActivityView]
    let today: LocalDay
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var zone: TimeZone { planner.timeZone }

    var page: Page {
        let chosen = grid.chosen
        let title = l.text("fx.month.\(chosen.month)") + " \(chosen.year)"
        return FuctivityWeb.shell(planner, title: title, section: .calendar, c) {
            CalendarViewParts.viewSwitch(current: "month", day: chosen, c)
            CalendarViewParts.pager(view: "month", previous: grid.first.adding(days: -1), next: grid.next, title: title, c)
            H.section(.class("card")) {
                H.table(.class("month")) {
                    H.thead { H.tr { for weekday in 1...7 { H.th(Attribute("scope", "col")) { l.text("fx.weekday.short.\(weekday)") } } } }
                    H.tbody {
                        for week in 0..<grid.weeks {
                            H.tr { for offset in 0..<7 { cell(grid.start.adding(days: week * 7 + offset)) } }
                        }
                    }
                }
            }
        }
    }

    /// A day's date and the rest in it (skipped activities aside, overlaps once).
    private func cell(_ day: LocalDay) -> HTML {
        let interval = day.interval(in: zone)
        let items = activities.filter { $0.activity.startsAt < interval.end && $0.activity.endsAt > interval.start && $0.activity.status != .skipped }
        let minutes = Int(RestPlanner.covered(items.map(\.activity.interval), within: interval) / 60)
        return H.td(.class([day.month == grid.chosen.month ? nil : "other-month", day == today ? "today" : nil].compactMap { $0 }.joined(separator: " "))) {
            H.a(.href("\(FuctivityWeb.prefix)/day?day=\(day)"), .aria("label", "\(FuctivityWeb.dayTitle(day, l)): \(l.duration(minutes: minutes))")) {
                H.span(.class("date")) { String(day.day) }
                if minutes > 0 { H.span(.class("rest")) { l.duration(minutes: minutes) } }
            }
        }
    }
}
