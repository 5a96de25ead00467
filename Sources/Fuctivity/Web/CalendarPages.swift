import Fluent
import Foundation
import Kernel
import Vapor

/// The calendar: a week (the home page), a day with its free time, a month at a glance;
/// suggestions that become activities with one tap.
enum CalendarPages {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("week", use: week)
        web.get("day", use: day)
        web.get("month", use: month)
        web.post("suggestions", "accept", use: acceptSuggestion)
    }

    /// `?day=YYYY-MM-DD` (any day of the wanted week, or the day wanted); today otherwise.
    static func chosenDay(_ req: Request, _ planner: Planner, key: String = "day") -> LocalDay {
        req.query[String.self, at: key].flatMap(LocalDay.init) ?? LocalDay(req.clock.now, in: planner.timeZone)
    }

    static func viewSwitch(_ l: Localizer, current: String, day: LocalDay) -> HTML {
        H.nav(.class("view-switch"), .aria("label", l.text("fx.view.label"))) {
            for (view, key) in [("day", "fx.view.day"), ("week", "fx.view.week"), ("month", "fx.view.month")] {
                H.a(.class("button"), .href("\(prefix)/\(view)?day=\(day)"), .aria("current", view == current ? "page" : nil)) { l.text(key) }
            }
        }
    }

    static func pager(_ l: Localizer, view: String, previous: LocalDay, next: LocalDay, title: String) -> HTML {
        H.div(.class("pager")) {
            H.a(.class("button"), .href("\(prefix)/\(view)?day=\(previous)"), .aria("label", l.text("fx.pager.previous"))) { "‹" }
            H.h1 { title }
            H.a(.class("button"), .href("\(prefix)/\(view)?day=\(next)"), .aria("label", l.text("fx.pager.next"))) { "›" }
        }
    }

    /// The banner that lets a deletion be taken back.
    static func undoBanner(_ req: Request) -> HTML {
        guard let id = req.query[String.self, at: "undo"].flatMap(UUID.init(uuidString:)) else { return .empty }
        let l = req.localizer
        return H.div(.class("flash flash-info undo"), .role("status")) {
            H.span { l.text("fx.activity.deleted") }
            Components.postForm(req, action: "\(prefix)/activities/\(id.uuidString.lowercased())/restore") {
                H.button(.type("submit"), .class("button")) { l.text("fx.activity.undo") }
            }
        }
    }

    static func activityItem(_ view: ActivityView, _ zone: TimeZone, _ l: Localizer) -> HTML {
        let activity = view.activity
        return H.li(.class("activity activity-\(activity.status.rawValue)")) {
            H.a(.href("\(prefix)/activities/\(activity.id!.uuidString.lowercased())")) {
                H.span(.class("when")) { FuctivityWeb.span(activity.startsAt, activity.endsAt, zone) }
                H.span(.class("what")) {
                    H.strong { view.category.name(in: l.language) }
                    if !activity.details.isEmpty { " · " + activity.details }
                }
                FuctivityWeb.statusBadge(activity.status, l)
            }
        }
    }

    static func suggestionButtons(_ req: Request, _ suggestions: DaySuggestions, _ zone: TimeZone, back: String) -> HTML {
        let l = req.localizer
        guard !suggestions.slots.isEmpty else { return .empty }
        return H.div(.class("suggestions")) {
            H.p(.class("hint")) { l.text("fx.suggestions.lead") }
            for slot in suggestions.slots {
                Components.postForm(req, action: "\(prefix)/suggestions/accept", classes: "suggestion") {
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

    // MARK: Week

    static func week(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let l = req.localizer
            let zone = planner.timeZone
            let today = LocalDay(req.clock.now, in: zone)
            let monday = chosenDay(req, planner).monday
            let days = (0..<7).map { monday.adding(days: $0) }
            let activities = try await req.fuctivity.activities.list(for: planner, from: monday.start(in: zone), to: monday.adding(days: 7).start(in: zone))
            let upcoming = days.filter { $0 >= today }
            let suggestions = Dictionary(uniqueKeysWithValues: try await req.fuctivity.insights.suggestions(for: planner, days: upcoming).map { ($0.day, $0) })
            let sunday = monday.adding(days: 6)
            let title = l.text("fx.week.title", ["from": monday.dayMonth,
                                                 "to": sunday.dayMonth])
            return FuctivityWeb.page(req, planner, title: title, section: .calendar) {
                viewSwitch(l, current: "week", day: monday)
                pager(l, view: "week", previous: monday.adding(days: -7), next: monday.adding(days: 7), title: title)
                undoBanner(req)
                for day in days {
                    let interval = day.interval(in: zone)
                    let items = activities.filter { $0.activity.startsAt < interval.end && $0.activity.endsAt > interval.start }
                    H.section(.class(day == today ? "card day today" : "card day"), .aria("labelledby", "day-\(day)")) {
                        H.h2(.id("day-\(day)")) {
                            H.a(.href("\(prefix)/day?day=\(day)")) { FuctivityWeb.dayTitle(day, l) }
                        }
                        if items.isEmpty {
                            H.p(.class("hint")) { l.text("fx.day.empty") }
                        } else {
                            H.ul(.class("activities")) { for item in items { activityItem(item, zone, l) } }
                        }
                        if let daySuggestions = suggestions[day] {
                            suggestionButtons(req, daySuggestions, zone, back: "\(prefix)/week?day=\(monday)")
                        }
                        H.a(.class("add-link"), .href("\(prefix)/activities/new?day=\(day)")) { l.text("fx.day.add") }
                    }
                }
            }
        }
    }

    // MARK: Day

    static func day(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let l = req.localizer
            let zone = planner.timeZone
            let plan = planner.plan
            let day = chosenDay(req, planner)
            let interval = day.interval(in: zone)
            let activities = try await req.fuctivity.activities.list(for: planner, from: interval.start, to: interval.end)
            let suggestions = try await req.fuctivity.insights.suggestions(for: planner, days: [day])[0]
            // Free time inside the waking day, to add an activity right there.
            let waking = DateInterval(start: day.moment(minutes: plan.dayStarts, in: zone), end: day.moment(minutes: plan.dayEnds, in: zone))
            let free = RestPlanner.subtract(activities.filter { $0.activity.status != .skipped }.map(\.activity.interval), from: waking)
                .filter { $0.duration >= 15 * 60 }
            let title = FuctivityWeb.dayTitle(day, l)
            return FuctivityWeb.page(req, planner, title: title, section: .calendar) {
                viewSwitch(l, current: "day", day: day)
                pager(l, view: "day", previous: day.adding(days: -1), next: day.adding(days: 1), title: title)
                undoBanner(req)
                H.section(.class("card")) {
                    H.p { l.text("fx.day.summary", ["planned": l.duration(minutes: suggestions.plannedMinutes),
                                                    "target": l.duration(minutes: suggestions.targetMinutes)]) }
                    if plan.workingDays.contains(day.weekday) {
                        H.p(.class("hint")) { l.text("fx.day.working", ["span": FuctivityWeb.span(day.moment(minutes: plan.workStarts, in: zone),
                                                                                                day.moment(minutes: min(plan.workStarts + plan.workHours * 60, 1440), in: zone), zone)]) }
                    }
                    if activities.isEmpty {
                        H.p(.class("hint")) { l.text("fx.day.empty") }
                    } else {
                        H.ul(.class("activities")) { for item in activities { activityItem(item, zone, l) } }
                    }
                    suggestionButtons(req, suggestions, zone, back: "\(prefix)/day?day=\(day)")
                }
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
    }

    // MARK: Month

    static func month(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let l = req.localizer
            let zone = planner.timeZone
            let chosen = chosenDay(req, planner)
            let first = LocalDay(year: chosen.year, month: chosen.month, day: 1)!
            let next = LocalDay(year: chosen.month == 12 ? chosen.year + 1 : chosen.year, month: chosen.month == 12 ? 1 : chosen.month + 1, day: 1)!
            let gridStart = first.monday
            let weeks = (next.daysSinceEpoch - gridStart.daysSinceEpoch + 6) / 7
            let activities = try await req.fuctivity.activities.list(for: planner, from: gridStart.start(in: zone),
                                                                    to: gridStart.adding(days: weeks * 7).start(in: zone))
            let today = LocalDay(req.clock.now, in: zone)
            let title = l.text("fx.month.\(chosen.month)") + " \(chosen.year)"
            let previousMonth = first.adding(days: -1)
            return FuctivityWeb.page(req, planner, title: title, section: .calendar) {
                viewSwitch(l, current: "month", day: chosen)
                pager(l, view: "month", previous: previousMonth, next: next, title: title)
                H.section(.class("card")) {
                    H.table(.class("month")) {
                        H.thead { H.tr { for weekday in 1...7 { H.th(Attribute("scope", "col")) { l.text("fx.weekday.short.\(weekday)") } } } }
                        H.tbody {
                            for week in 0..<weeks {
                                H.tr {
                                    for offset in 0..<7 {
                                        let day = gridStart.adding(days: week * 7 + offset)
                                        let interval = day.interval(in: zone)
                                        let items = activities.filter { $0.activity.startsAt < interval.end && $0.activity.endsAt > interval.start && $0.activity.status != .skipped }
                                        let minutes = Int(RestPlanner.covered(items.map(\.activity.interval), within: interval) / 60)
                                        H.td(.class([day.month == chosen.month ? nil : "other-month", day == today ? "today" : nil].compactMap { $0 }.joined(separator: " "))) {
                                            H.a(.href("\(prefix)/day?day=\(day)"), .aria("label", "\(FuctivityWeb.dayTitle(day, l)): \(l.duration(minutes: minutes))")) {
                                                H.span(.class("date")) { String(day.day) }
                                                if minutes > 0 { H.span(.class("rest")) { l.duration(minutes: minutes) } }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Suggestions

    /// One tap: the suggested slot becomes an activity ("Other", no text), ready to edit.
    static func acceptSuggestion(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        guard let start = state.values["start"].flatMap(Double.init), let end = state.values["end"].flatMap(Double.init) else {
            throw AppError.validation([FieldError(field: "start", key: "validation.invalid")])
        }
        let saved = try await req.fuctivity.activities.create(
            ActivityDraft(categoryID: BuiltInCategory.other.uuid, details: nil, startsAt: Date(timeIntervalSince1970: start),
                          endsAt: Date(timeIntervalSince1970: end), reminders: [.minutesBefore(15)]), for: planner)
        let back = state.values["back"].flatMap { $0.hasPrefix(prefix + "/") ? $0 : nil } ?? "\(prefix)/week"
        return req.redirect(to: back, flash: .success, "fx.suggestions.added",
                            ["span": FuctivityWeb.span(saved.view.activity.startsAt, saved.view.activity.endsAt, planner.timeZone)])
    }
}
