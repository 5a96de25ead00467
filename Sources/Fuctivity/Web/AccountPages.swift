import Fluent
import Foundation
import Kernel
import Vapor

/// Welcome and sign-up. Sign-in, sign-out and the password pages are the kernel's
/// (`FuctivityAccounts`).
enum AccountPages {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
        web.get("signup") { req in signupPage(req, state: FormState(values: ["timeZone": WeekPlan.defaultTimeZone.identifier])) }
        web.post("signup", use: signup)
    }

    /// Signed-in people go straight to their week.
    static func welcome(_ req: Request) async throws -> Response {
        if try await req.currentAccount(in: Fuctivity.descriptor) != nil { return req.redirect(to: "\(prefix)/week") }
        let l = req.localizer
        return FuctivityWeb.page(req, nil, title: l.text("fx.welcome.title"), section: .none) {
            H.section(.class("welcome card")) {
                H.h1 { l.text("fx.welcome.title") }
                H.p(.class("lead")) { l.text("fx.welcome.lead") }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/signup")) { l.text("fx.welcome.signup") }
                H.a(.class("button button-block"), .href("\(prefix)/login")) { l.text("fx.welcome.login") }
            }
        }
    }

    /// Time zones offered at sign-up and in settings (the person's own is added when missing).
    static func zoneOptions(current: String?) -> [(value: String, label: String)] {
        var zones = ["Europe/Kyiv", "Europe/Warsaw", "Europe/Berlin", "Europe/Prague", "Europe/Vienna", "Europe/Rome", "Europe/Paris",
                     "Europe/Madrid", "Europe/London", "Europe/Lisbon", "Europe/Dublin", "Europe/Helsinki", "Europe/Vilnius",
                     "Europe/Bucharest", "Europe/Istanbul", "America/New_York", "America/Chicago", "America/Denver",
                     "America/Los_Angeles", "America/Toronto", "Asia/Dubai", "Asia/Tokyo", "Australia/Sydney"]
        if let current, !zones.contains(current), TimeZone(identifier: current) != nil { zones.insert(current, at: 0) }
        return zones.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }
    }

    static func signupPage(_ req: Request, state: FormState, status: HTTPResponseStatus = .ok) -> Response {
        let l = req.localizer
        return FuctivityWeb.page(req, nil, title: l.text("fx.signup.title"), section: .none, status: status) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.signup.title") }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/signup") {
                    FormField(name: "name", label: l.text("fx.field.name"), autocomplete: "given-name", maxLength: PlannerService.nameMaxLength).render(state, l)
                    FormField(name: "email", label: l.text("fx.field.email"), type: "email", autocomplete: "email",
                              inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(state, l)
                    FormField(name: "password", label: l.text("fx.field.password"), type: "password",
                              hint: l.text("fx.hint.password", ["min": String(PlannerService.passwordMinLength)]),
                              autocomplete: "new-password", maxLength: 200).render(state, l)
                    FormField(name: "passwordRepeat", label: l.text("fx.field.password_repeat"), type: "password",
                              autocomplete: "new-password", maxLength: 200).render(state, l)
                    SelectField(name: "timeZone", label: l.text("fx.field.time_zone"), options: zoneOptions(current: state.values["timeZone"]),
                                includeEmpty: false).render(state, l)
                    Components.primaryButton(l.text("fx.signup.submit"))
                }
                H.p { H.a(.href("\(prefix)/login")) { l.text("fx.signup.have_account") } }
            }
        }
    }

    static func signup(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let planner = try await req.fuctivity.people.register(
                name: state.values["name"], email: state.values["email"], password: state.values["password"],
                passwordRepeat: state.values["passwordRepeat"] ?? "", timeZone: state.values["timeZone"], language: req.language)
            try await req.logIn(planner.account)
            return req.redirect(to: "\(prefix)/onboarding", redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            return signupPage(req, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }
}
