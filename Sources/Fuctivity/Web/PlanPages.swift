import Fluent
import Foundation
import Kernel
import Vapor

/// Onboarding and the profile: the week plan, the calendar feed, signing out.
enum PlanPages {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("onboarding") { req in
            let planner = try await req.planner()
            return planPage(req, planner, state: FormState(values: values(planner)), onboarding: true)
        }
        web.post("onboarding") { req in try await savePlan(req, onboarding: true) }
        web.get("profile", use: profile)
        web.post("profile", use: { req in try await savePlan(req, onboarding: false) })
        web.post("profile", "calendar-feed", use: createFeed)
        web.post("profile", "calendar-feed", "revoke", use: revokeFeed)
    }

    static func values(_ planner: Planner) -> [String: String] {
        let plan = planner.plan
        var values = ["name": planner.name, "workHours": String(plan.workHours), "workStarts": WeekPlan.clock(plan.workStarts),
                      "restHours": String(plan.restHours), "dayStarts": WeekPlan.clock(plan.dayStarts),
                      "dayEnds": WeekPlan.clock(plan.dayEnds), "timeZone": plan.timeZone.identifier]
        for day in plan.workingDays { values["day\(day)"] = "on" }
        return values
    }

    /// The week plan form: on its own in onboarding, at the top of the profile later.
    static func planForm(_ req: Request, state: FormState, action: String, submit: String) -> HTML {
        let l = req.localizer
        let dayError = state.error(for: "workingDays")
        return Components.postForm(req, action: action) {
            Components.errorSummary(state, l)
            FormField(name: "name", label: l.text("fx.field.name"), autocomplete: "given-name", maxLength: PlannerService.nameMaxLength).render(state, l)
            H.fieldset(.class(dayError == nil ? "field weekdays" : "field weekdays field-invalid")) {
                H.legend { l.text("fx.field.working_days") }
                if let dayError { H.p(.class("field-error")) { l.text(dayError.key, dayError.arguments) } }
                for day in 1...7 {
                    H.label(.class("weekday-choice")) {
                        H.input(.type("checkbox"), .name("day\(day)"), .value("on"), .flag("checked", state.values["day\(day)"] == "on"))
                        H.span { l.text("fx.weekday.long.\(day)") }
                    }
                }
            }
            FormField(name: "workHours", label: l.text("fx.field.work_hours"), type: "number", hint: l.text("fx.hint.work_hours"), inputMode: "numeric").render(state, l)
            FormField(name: "workStarts", label: l.text("fx.field.work_starts"), type: "time").render(state, l)
            FormField(name: "restHours", label: l.text("fx.field.rest_hours"), type: "number", hint: l.text("fx.hint.rest_hours"), inputMode: "numeric").render(state, l)
            FormField(name: "dayStarts", label: l.text("fx.field.day_starts"), type: "time", hint: l.text("fx.hint.day")).render(state, l)
            FormField(name: "dayEnds", label: l.text("fx.field.day_ends"), type: "time").render(state, l)
            SelectField(name: "timeZone", label: l.text("fx.field.time_zone"), options: AccountPages.zoneOptions(current: state.values["timeZone"]),
                        includeEmpty: false).render(state, l)
            Components.primaryButton(submit)
        }
    }

    static func planPage(_ req: Request, _ planner: Planner, state: FormState, onboarding: Bool, status: HTTPResponseStatus = .ok) -> Response {
        let l = req.localizer
        return FuctivityWeb.page(req, planner, title: l.text("fx.onboarding.title"), section: .none, status: status) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.onboarding.title") }
                H.p(.class("lead")) { l.text("fx.onboarding.lead") }
                planForm(req, state: state, action: "\(prefix)/onboarding", submit: l.text("fx.onboarding.submit"))
            }
        }
    }

    static func savePlan(_ req: Request, onboarding: Bool) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        // A number field left empty or not a number is named here; the rest is the service's.
        var v = Kernel.Validator()
        func number(_ field: String) -> Int? {
            guard let value = Int(state.values[field] ?? "") else { v.add(field, "validation.invalid"); return nil }
            return value
        }
        let changes = PlanChanges(
            name: state.values["name"], workingDays: (1...7).filter { state.values["day\($0)"] == "on" },
            workHours: number("workHours"), workStarts: state.values["workStarts"] ?? "", restHours: number("restHours"),
            dayStarts: state.values["dayStarts"] ?? "", dayEnds: state.values["dayEnds"] ?? "", timeZone: state.values["timeZone"])
        do {
            try v.throwIfInvalid()
            _ = try await req.fuctivity.people.updatePlan(planner, with: changes)
        } catch let error as AppError where error.status == .unprocessableEntity {
            let failed = FormState(values: state.values, errors: error.fieldErrors)
            if onboarding { return planPage(req, planner, state: failed, onboarding: true, status: .unprocessableEntity) }
            return try await profilePage(req, planner, state: failed, status: .unprocessableEntity)
        }
        if onboarding { return req.redirect(to: "\(prefix)/week", flash: .success, "fx.onboarding.done") }
        return req.redirect(to: "\(prefix)/profile", flash: .success, "fx.profile.saved")
    }

    // MARK: Profile

    static func profile(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            try await profilePage(req, planner, state: FormState(values: values(planner)))
        }
    }

    static func profilePage(_ req: Request, _ planner: Planner, state: FormState, newFeedURL: String? = nil,
                            status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        let feedCreatedAt = try await req.fuctivity.feeds.createdAt(for: planner.id)
        return FuctivityWeb.page(req, planner, title: l.text("fx.profile.title"), section: .profile, status: status) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.profile.title") }
                H.p { planner.email }
                H.h2 { l.text("fx.profile.plan") }
                planForm(req, state: state, action: "\(prefix)/profile", submit: l.text("fx.profile.save"))
            }
            H.section(.class("card"), .id("calendar-feed")) {
                H.h2 { l.text("fx.feed.title") }
                H.p { l.text("fx.feed.explain") }
                if let newFeedURL {
                    H.label(Attribute("for", "feed-url")) { l.text("fx.feed.copy") }
                    H.input(.id("feed-url"), .type("url"), .value(newFeedURL), .flag("readonly"), .class("feed-url"))
                    H.p(.class("hint")) { l.text("fx.feed.once") }
                } else if let feedCreatedAt {
                    H.p { l.text("fx.feed.active", ["date": l.date(feedCreatedAt)]) }
                }
                Components.postForm(req, action: "\(prefix)/profile/calendar-feed", confirm: feedCreatedAt == nil ? nil : l.text("fx.feed.replace_confirm")) {
                    H.button(.type("submit"), .class("button")) { l.text(feedCreatedAt == nil ? "fx.feed.create" : "fx.feed.replace") }
                }
                if feedCreatedAt != nil {
                    Components.postForm(req, action: "\(prefix)/profile/calendar-feed/revoke") {
                        Components.dangerButton(l.text("fx.feed.revoke"))
                    }
                }
                H.button(.type("button"), .class("button"), .id("enable-notifications"), .flag("hidden")) { l.text("fx.notifications.enable") }
            }
            H.section(.class("card")) {
                H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
                Components.postForm(req, action: "\(prefix)/logout") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("fx.logout") }
                }
            }
        }
    }

    static func createFeed(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let created = try await req.fuctivity.feeds.create(for: planner.id)
        return try await profilePage(req, planner, state: FormState(values: values(planner)),
                                     newFeedURL: FuctivityWeb.feedURL(token: created.token, req))
    }

    static func revokeFeed(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        try await req.fuctivity.feeds.revoke(for: planner.id)
        return req.redirect(to: "\(prefix)/profile", flash: .info, "fx.feed.revoked")
    }
}
