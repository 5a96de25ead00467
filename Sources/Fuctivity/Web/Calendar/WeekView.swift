import Foundation
import Kernel

/// A week, Monday to Sunday: each day's activities, suggestions for the days to come,
/// and a way to add one.
struct WeekView {
    let planner: Planner
    let monday: LocalDay
    let today: LocalDay
    /// The week's activities (one across midnight shows on both days).
    let activities: [ActivityView]
    /// Suggested slots by day (today and later).
    let suggestions: [LocalDay: DaySuggestions]
    /// An activity just deleted, to offer to take back.
    let undo: UUID?
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var zone: TimeZone { planner.timeZone }
    private var prefix: String { FuctivityWeb.prefix }

    var page: Page {
        let title = l.text("fx.week.title", ["from": monday.dayMonth, "to": monday.adding(days: 6).dayMonth])
        return FuctivityWeb.shell(planner, title: title, section: .calendar, c) {
            CalendarViewParts.viewSwitch(current: "week", day: monday, c)
            CalendarViewParts.pager(view: "week", previous: monday.adding(days: -7), next: monday.adding(days: 7), title: title, c)
            CalendarViewParts.undoBanner(undo, c)
            for offset in 0..<7 { dayCard(monday.adding(days: offset)) }
        }
    }

    private func dayCard(_ day: LocalDay) -> HTML {
        let interval = day.interval(in: zone)
        let items = activities.filter { $0.activity.startsAt < interval.end && $0.activity.endsAt > interval.start }
        return H.section(.class(day == today ? "card day today" : "card day"), .aria("labelledby", "day-\(day)")) {
            H.h2(.id("day-\(day)")) {
                H.a(.href("\(prefix)/day?day=\(day)")) { FuctivityWeb.dayTitle(day, l) }
            }
            if items.isEmpty {
                H.p(.class("hint")) { l.text("fx.day.empty") }
            } else {
                H.ul(.class("activities")) { for item in items { CalendarViewParts.activityItem(item, zone, c) } }
            }
            if let daySuggestions = suggestions[day] {
                CalendarViewParts.suggestionButtons(daySuggestions, zone, back: "\(prefix)/week?day=\(monday)", c)
            }
            H.a(.class("add-link"), .href("\(prefix)/activities/new?day=\(day)")) { l.text("fx.day.add") }
        }
    }
}
