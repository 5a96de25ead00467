import Foundation
import Kernel

/// What the day, week and month views share: the switch between them, the pager, the
/// banner that takes a deletion back, an activity in a list, and the suggested slots.
enum CalendarViewParts {
    static let prefix = FuctivityWeb.prefix

    /// Day, week, month: `current` is marked, each opens at `day`.
    static func viewSwitch(current: String, day: LocalDay, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.nav(.class("view-switch"), .aria("label", l.text("fx.view.label"))) {
            for (view, key) in [("day", "fx.view.day"), ("week", "fx.view.week"), ("month", "fx.view.month")] {
                H.a(.class("button"), .href("\(prefix)/\(view)?day=\(day)"), .aria("current", view == current ? "page" : nil)) { l.text(key) }
            }
        }
    }

    /// The title between the ways to the previous and next day, week or month (`view`).
    static func pager(view: String, previous: LocalDay, next: LocalDay, title: String, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.div(.class("pager")) {
            H.a(.class("button"), .href("\(prefix)/\(view)?day=\(previous)"), .aria("label", l.text("fx.pager.previous"))) { "‹" }
            H.h1 { title }
            H.a(.class("button"), .href("\(prefix)/\(view)?day=\(next)"), .aria("label", l.text("fx.pager.next"))) { "›" }
        }
    }

    /// After a deletion (`deleted`, from `?undo=`): a button that restores it.
    static func undoBanner(_ deleted: UUID?, _ c: ViewContext) -> HTML {
        guard let deleted else { return .empty }
        let l = c.localizer
        return H.div(.class("flash flash-info undo"), .role("status")) {
            H.span { l.text("fx.activity.deleted") }
            Components.postForm(c, action: "\(FuctivityWeb.activityPath(deleted))/restore") {
                H.button(.type("submit"), .class("button")) { l.text("fx.activity.undo") }
            }
        }
    }

    /// An activity in a day's list: its time, category and text, and status.
    static func activityItem(_ view: ActivityView, _ zone: TimeZone, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let activity = view.activity
        return H.li(.class("activity activity-\(activity.status.rawValue)")) {
            H.a(.href(FuctivityWeb.activityPath(activity.id!))) {
                H.span(.class("when")) { FuctivityWeb.span(activity.startsAt, activity.endsAt, zone) }
                H.span(.class("what")) {
                    H.strong { view.category.name(in: l.language) }
                    if !activity.details.isEmpty { " · " + activity.details }
                }
                FuctivityWeb.statusBadge(activity.status, l)
            }
        }
    }

    /// A button per suggested slot, each making it an activity and coming `back`.
    static func suggestionButtons(_ suggestions: DaySuggestions, _ zone: TimeZone, back: String, _ c: ViewContext) -> HTML {
        let l = c.localizer
        guard !suggestions.slots.isEmpty else { return .empty }
        return H.div(.class("suggestions")) {
            H.p(.class("hint")) { l.text("fx.suggestions.lead") }
            for slot in suggestions.slots {
                Components.postForm(c, action: "\(prefix)/suggestions/accept", classes: "suggestion") {
                    H.input(.type("hidden"), .name("start"), .value(String(Int(slot.start.timeIntervalSince1970))))
                    H.input(.type("hidden"), .name("end"), .value(String(Int(slot.end.timeIntervalSince1970))))
                    H.input(.type("hidden"), .name("back"), .value(back))
                    H.button(.type("submit"), .class("button button-suggestion")) {
                        l.text("fx.suggestions.accept", ["span": FuctivityWeb.span(slot.start, slot.end, zone)])
                    }
                }
            }
        }
    }
}
