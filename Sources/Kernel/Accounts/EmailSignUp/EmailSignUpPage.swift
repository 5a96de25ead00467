import Foundation
import Vapor

/// The sign-up page of an app whose people sign up with an e-mail address
/// (`EmailSignUpAccounts`), at the app's `signUpPath`: the form, and on success the new
/// person signed in and on to the page that sent them (`next`) or the app's `afterSignUpPath`.
enum EmailSignUpPage {
    static func register(_ rules: some EmailSignUpAccounts, on web: any RoutesBuilder) {
        let path = rules.signUpPath.pathComponents
        web.get(path) { req in
            try await show(req, rules, form: FormState(values: ["timeZone": rules.defaultTimeZone.identifier,
                                                               "next": req.query[String.self, at: "next"] ?? ""]))
        }
        web.post(path) { req in try await signUp(req, rules) }
    }

    static func signUp(_ req: Request, _ rules: some EmailSignUpAccounts) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let account = try await req.accounts.signUp(byEmail: EmailSignUpForm(state.values), rules: rules, language: req.language)
            try await req.logIn(account)
            let home = "\(rules.app.pathPrefix)\(rules.afterSignUpPath)"
            // Back to the page that asked them to sign up, if it is one of this app's.
            let next = Request.safeLocalPath(state.values["next"], fallback: home)
            return req.redirect(to: next.hasPrefix("\(rules.app.pathPrefix)/") ? next : home, redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            return try await show(req, rules, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    private static func show(_ req: Request, _ rules: some EmailSignUpAccounts, form: FormState,
                             status: HTTPResponseStatus = .ok) async throws -> Response {
        try await rules.respond(req, nil, with: EmailSignUpView(rules: rules, form: form, status: status, c: req.viewContext).page)
    }
}
