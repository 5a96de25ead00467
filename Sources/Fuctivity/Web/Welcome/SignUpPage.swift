import Foundation
import Kernel
import Vapor

/// Sign-up: name, e-mail, password and time zone, then on to onboarding. Sign-in,
/// sign-out and the password pages are the kernel's (`FuctivityAccounts`).
enum SignUpPage {
    static func register(on web: any RoutesBuilder) {
        web.get("signup", use: form)
        web.post("signup", use: signup)
    }

    static func form(_ req: Request) -> Response {
        req.render(SignUpView(form: FormState(values: ["timeZone": WeekPlan.defaultTimeZone.identifier]), c: req.viewContext).page)
    }

    static func signup(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let planner = try await req.fuctivity.people.register(
                name: state.values["name"], email: state.values["email"], password: state.values["password"],
                passwordRepeat: state.values["passwordRepeat"] ?? "", timeZone: state.values["timeZone"], language: req.language)
            try await req.logIn(planner.account)
            return req.redirect(to: "\(FuctivityWeb.prefix)/onboarding", redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let form = FormState(values: state.values, errors: error.fieldErrors)
            return req.render(SignUpView(form: form, status: error.status, c: req.viewContext).page)
        }
    }
}
