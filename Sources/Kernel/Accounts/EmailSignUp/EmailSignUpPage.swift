import Foundation
import Vapor

/// The sign-up page of an app whose people sign up with an e-mail address
/// (`EmailSignUpAccounts`), at the app's `signUpPath`: the form, and on success the new
/// person signed in and on to the app's `afterSignUpPath`.
enum EmailSignUpPage {
    static func register(_ rules: some EmailSignUpAccounts, on web: any RoutesBuilder) {
        let path = rules.signUpPath.pathComponents
        web.get(path) { req in
            try await show(req, rules, form: FormState(values: ["timeZone": rules.defaultTimeZone.identifier]))
        }
        web.post(path) { req in try await signUp(req, rules) }
    }

    static func signUp(_ req: Request, _ rules: some EmailSignUpAccounts) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let account = try await req.accounts.signUp(byEmail: EmailSignUpForm(state.values), rules: rules, language: req.language)
            try await req.logIn(account)
            return req.redirect(to: "\(rules.app.pathPrefix)\(rules.afterSignUpPath)", redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            return try await show(req, rules, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    private static func show(_ req: Request, _ rules: some EmailSignUpAccounts, form: FormState,
                             status: HTTPResponseStatus = .ok) async throws -> Response {
        try await rules.respond(req, nil, with: EmailSignUpView(rules: rules, form: form, status: status, c: req.viewContext).page)
    }
}
