import Fluent
import Foundation
import Vapor

/// The account pages every app has under its prefix, in the app's shell:
/// `/login`, `/logout`, `/account/password`, `/account/sign-out-everywhere`,
/// `/account/delete`, `/forgot-password` and `/reset-password`; and for an app whose
/// people sign up by e-mail, its sign-up page (`EmailSignUpPage`).
enum AccountWebPages {
    static func register(_ app: AppDescriptor, _ rules: any AppAccounts, on web: any RoutesBuilder) {
        let pages = Pages(app: app, rules: rules)
        web.get("login") { req in try await pages.login(req, state: FormState(values: ["next": req.query[String.self, at: "next"] ?? ""])) }
        web.post("login", use: pages.signIn)
        web.post("logout", use: pages.signOut)
        web.get("account", "password") { req in try await pages.password(req, try await req.requireAccount(in: app), state: FormState()) }
        web.post("account", "password", use: pages.changePassword)
        web.post("account", "sign-out-everywhere", use: pages.signOutEverywhere)
        web.get("account", "delete") { req in try await pages.deletion(req, try await req.requireAccount(in: app), state: FormState()) }
        web.post("account", "delete", use: pages.delete)
        web.get("forgot-password") { req in try await pages.forgot(req, state: FormState()) }
        web.post("forgot-password", use: pages.requestReset)
        web.get("reset-password", use: pages.resetForm)
        web.post("reset-password", use: pages.reset)
        if let emailRules = rules as? any EmailSignUpAccounts { EmailSignUpPage.register(emailRules, on: web) }
    }

    /// The handlers: each parses the form, calls `AccountFlows`, and answers with a
    /// redirect or with a view of `AccountViews` in the app's shell.
    struct Pages: Sendable {
        let app: AppDescriptor
        let rules: any AppAccounts
        var prefix: String { app.pathPrefix }
        var kind: LoginKind { rules.loginKind }
        var flows: AccountFlows { AccountFlows(app: app, rules: rules) }

        func views(_ req: Request) -> AccountViews {
            AccountViews(app: app, rules: rules, c: req.viewContext)
        }

        // MARK: Sign-in and sign-out

        func login(_ req: Request, state: FormState, error: AppError? = nil) async throws -> Response {
            let response = try await rules.respond(req, nil, with: views(req).login(state, error: error))
            if let error { for (name, value) in error.headers { response.headers.replaceOrAdd(name: name, value: value) } }
            return response
        }

        @Sendable func signIn(_ req: Request) async throws -> Response {
            let state = FormState.submitted(by: req)
            do {
                let account = try await flows.signIn(login: state.values[kind.field], password: state.values["password"], req)
                try await req.logIn(account)
                let home = try await rules.home(for: account, req)
                let next = Request.safeLocalPath(state.values["next"], fallback: home)
                // Only a page of this app: another app's page would ask to sign in again.
                return req.redirect(to: next.hasPrefix("\(prefix)/") ? next : home, redirectType: .normal)
            } catch let error as AppError where error.status != .internalServerError {
                var values = state.values
                values["password"] = nil
                return try await login(req, state: FormState(values: values, errors: error.fieldErrors), error: error.fieldErrors.isEmpty ? error : nil)
            }
        }

        @Sendable func signOut(_ req: Request) async throws -> Response {
            try await req.logOut(from: app)
            return req.redirect(to: "\(prefix)/", flash: .info, worded("account.logout.done", req))
        }

        @Sendable func signOutEverywhere(_ req: Request) async throws -> Response {
            let account = try await req.requireAccount(in: app)
            try await req.accounts.signOutEverywhere(account)
            try await req.logOut(from: app)
            return req.redirect(to: "\(prefix)/login", flash: .info, worded("account.everywhere.done", req))
        }

        // MARK: Password change

        func password(_ req: Request, _ account: Account, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
            try await rules.respond(req, account, with: views(req).password(state, login: account.login, status: status))
        }

        @Sendable func changePassword(_ req: Request) async throws -> Response {
            let account = try await req.requireAccount(in: app)
            let state = FormState.submitted(by: req)
            do {
                try await flows.changePassword(of: account, fields(state), req)
                // This browser stays signed in, under a new session id (as after any sign-in).
                try await req.webSession().regenerateID()
                return req.redirect(to: "\(prefix)/account/password", flash: .success, worded("account.password.changed", req))
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                return try await password(req, account, state: FormState(values: [:], errors: error.fieldErrors), status: error.status)
            }
        }

        // MARK: Deletion

        func deletion(_ req: Request, _ account: Account, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
            try await rules.respond(req, account, with: views(req).deletion(state, status: status))
        }

        @Sendable func delete(_ req: Request) async throws -> Response {
            let account = try await req.requireAccount(in: app)
            let state = FormState.submitted(by: req)
            do {
                try await flows.delete(account, password: state.values["password"], req)
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                return try await deletion(req, account, state: FormState(values: [:], errors: error.fieldErrors), status: error.status)
            }
            try await req.logOut(from: app)
            return req.redirect(to: "\(prefix)/", flash: .info, worded("account.delete.done", req))
        }

        // MARK: Reset

        func forgot(_ req: Request, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
            let phone = rules.passwordReset == .staffCode ? try await rules.staffPhone(req) : nil
            return try await rules.respond(req, nil, with: views(req).forgot(state, staffPhone: phone, status: status))
        }

        @Sendable func requestReset(_ req: Request) async throws -> Response {
            let state = FormState.submitted(by: req)
            do {
                let answer = try await flows.requestReset(login: state.values[kind.field], req)
                return req.redirect(to: "\(prefix)/login", flash: .success, answer.key, answer.arguments)
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                return try await forgot(req, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
            }
        }

        @Sendable func resetForm(_ req: Request) async throws -> Response {
            let token = req.query[String.self, at: "token"] ?? ""
            if rules.passwordReset == .emailLink {
                do {
                    _ = try await req.passwordResets.account(forLink: token, app: app.id)
                } catch let error as AppError {
                    return try await invalidReset(req, error)
                }
            }
            return try await resetPage(req, state: FormState(values: ["token": token]))
        }

        func resetPage(_ req: Request, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
            try await rules.respond(req, nil, with: views(req).reset(state, status: status))
        }

        @Sendable func reset(_ req: Request) async throws -> Response {
            let state = FormState.submitted(by: req)
            do {
                try await flows.confirmReset(fields(state), req)
                return req.redirect(to: "\(prefix)/login", flash: .success, worded("account.reset.done", req))
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                var values = state.values
                for name in ["newPassword", "newPasswordRepeat", "code"] { values[name] = nil }
                return try await resetPage(req, state: FormState(values: values, errors: error.fieldErrors), status: error.status)
            } catch let error as AppError where error.status == .gone {
                return try await invalidReset(req, error)
            }
        }

        /// A used, expired or unknown link or code: say so, and offer the way to a new one.
        func invalidReset(_ req: Request, _ error: AppError) async throws -> Response {
            try await rules.respond(req, nil, with: views(req).invalidReset(error))
        }

        // MARK: Parts

        func worded(_ key: String, _ req: Request) -> String {
            req.localizer.key(key, wordedBy: app.id)
        }

        func fields(_ state: FormState) -> AccountFields {
            let v = state.values
            return AccountFields(email: v["email"], phone: v["phone"], password: v["password"], currentPassword: v["currentPassword"],
                                 newPassword: v["newPassword"], newPasswordRepeat: v["newPasswordRepeat"] ?? "", token: v["token"], code: v["code"])
        }
    }
}

extension PasswordResetKind: Equatable {}
