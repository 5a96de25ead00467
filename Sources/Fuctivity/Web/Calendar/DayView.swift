import Foundation
import Kernel

/// A day: rest planned against the target, working hours, the activities with
/// suggestions, and the free time to add one in.
struct DayView {
    let planner: Planner
    let day: LocalDay
    let activities: [ActivityView]
    let suggestions: DaySuggestions
    /// Free time in the waking day.
    let free: [DateInterval]
    /// An activity just deleted, to offer to take back.
    let undo: UUID?
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var zone: TimeZone { planner.timeZone }
    private var prefix: String { FuctivityWeb.prefix }

    var page: Page {
        let title = FuctivityWeb.dayTitle(day, l)
        return FuctivityWeb.shell(planner, title: title, section: .calendar, c) {
            CalendarViewParts.viewSwitch(current: "day", day: day, c)
            CalendarViewParts.pager(view: "day", previous: day.adding(days: -1), next: day.adding(days: 1), title: title, c)
            CalendarViewParts.undoBanner(undo, c)
            plannedRest
            freeTime
        }
    }

    private var plannedRest: HTML {
        let plan = planner.plan
        return H.section(.class("card")) {
            H.p { l.text("fx.day.summary", ["planned": l.duration(minutes: suggestions.plannedMinutes),
                                            "target": l.duration(minutes: suggestions.targetMinutes)]) }
            if plan.workingDays.contains(day.weekday) {
                H.p(.class("hint")) { l.text("fx.day.working", ["span": FuctivityWeb.span(day.moment(minutes: plan.workStarts, in: zone),
                                                                                        day.moment(minutes: min(plan.workStarts + plan.workHours * 60, 1440), in: zone), zone)]) }
            }
            if activities.isEmpty {
                H.p(.class("hint")) { l.text("fx.day.empty") }
            } else {
                H.ul(.class("activities")) { for item in activities { CalendarViewParts.activityItem(item, zone, c) } }
            }
            CalendarViewParts.suggestionButtons(suggestions, zone, back: "\(prefix)/day?day=\(day)", c)
        }
    }

    /// Each gap links to a new activity there, an hour long at most.
    private var freeTime: HTML {
        H.section(.class("card")) {
            H.h2 { l.text("fx.day.free") }
            if free.isEmpty {
                H.p(.class("hint")) { l.text("fx.day.no_free") }
            } else {
                H.ul(.class("free-slots")) {
                    for gap in free {
                        H.li {
                            H.a(.href("\(prefix)/activities/new?start=\(Int(gap.start.timeIntervalSince1970))&end=\(Int(min(gap.end, gap.start.addingTimeInterval(3600)).timeIntervalSince1970))")) {
                                l.text("fx.day.add_here", ["span": FuctivityWeb.span(gap.start, gap.end, zone)])
                            }
                        }
                    }
                }
            }
        }
    }
}
