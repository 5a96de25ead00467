import Fluent
import Foundation
import Vapor

/// The account pages every app has under its prefix, in the app's shell:
/// `/login`, `/logout`, `/account/password`, `/account/sign-out-everywhere`,
/// `/account/delete`, `/forgot-password` and `/reset-password`.
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
    }

    struct Pages: Sendable {
        let app: AppDescriptor
        let rules: any AppAccounts
        var prefix: String { app.pathPrefix }
        var kind: LoginKind { rules.loginKind }
        var flows: AccountFlows { AccountFlows(app: app, rules: rules) }

        // MARK: Sign-in and sign-out

        func login(_ req: Request, state: FormState, error: AppError? = nil) async throws -> Response {
            let l = req.localizer
            let response = try await rules.page(req, nil, title: say(l, "account.login.title"), status: error?.status ?? .ok, content: H.section(.class("card")) {
                H.h1 { say(l, "account.login.title") }
                if let error {
                    H.p(.class("flash flash-error"), .role("alert")) {
                        error.code == "invalid_credentials" ? say(l, "account.login.invalid.\(kind.field)") : error.message(l)
                    }
                }
                Components.postForm(req, action: "\(prefix)/login") {
                    H.input(.type("hidden"), .name("next"), .value(state.values["next"]))
                    loginField(l, autocomplete: "username").render(state, l)
                    FormField(name: "password", label: say(l, "account.field.password"), type: "password",
                              autocomplete: "current-password", maxLength: 200).render(state, l)
                    submitButton(say(l, "account.login.submit"))
                }
                H.a(.class("button button-block"), .href("\(prefix)/forgot-password")) { say(l, "account.login.forgot") }
                H.a(.class("button button-block"), .href("\(prefix)\(rules.signUpPath)")) { say(l, "account.login.no_account") }
            })
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
            let l = req.localizer
            return try await rules.page(req, account, title: say(l, "account.password.title"), status: status, content: HTMLBuilder.join([
                H.section(.class("card")) {
                    H.h1 { say(l, "account.password.title") }
                    Components.errorSummary(state, l)
                    Components.postForm(req, action: "\(prefix)/account/password") {
                        H.input(.type("hidden"), .name("username"), .value(account.login), Attribute("autocomplete", "username"))
                        FormField(name: "currentPassword", label: say(l, "account.field.current_password"), type: "password",
                                  autocomplete: "current-password", maxLength: 200).render(state, l)
                        newPasswordFields(l, state)
                        submitButton(say(l, "account.password.submit"))
                    }
                },
                H.section(.class("card")) {
                    H.h2 { say(l, "account.everywhere.title") }
                    H.p { say(l, "account.everywhere.lead") }
                    Components.postForm(req, action: "\(prefix)/account/sign-out-everywhere") {
                        H.button(.type("submit"), .class("button button-block")) { say(l, "account.everywhere.submit") }
                    }
                    H.a(.class("button button-block"), .href("\(prefix)/account/delete")) { say(l, "account.delete.title") }
                },
            ]))
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
            let l = req.localizer
            return try await rules.page(req, account, title: say(l, "account.delete.title"), status: status, content: H.section(.class("card")) {
                H.h1 { say(l, "account.delete.title") }
                H.p { say(l, "account.delete.lead") }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/account/delete") {
                    FormField(name: "password", label: say(l, "account.field.password"), type: "password",
                              hint: say(l, "account.delete.hint"), autocomplete: "current-password", maxLength: 200).render(state, l)
                    H.button(.type("submit"), .class("button button-danger button-block")) { say(l, "account.delete.submit") }
                }
            })
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
            let l = req.localizer
            let content: HTML
            switch rules.passwordReset {
            case .staffCode:
                let whom = try await rules.whomToCall(req)
                let call = try await rules.callButton(req)
                content = H.section(.class("card")) {
                    H.h1 { say(l, "account.forgot.title") }
                    H.p(.class("lead")) { say(l, "account.reset.call", ["whom": whom]) }
                    call
                    H.a(.class("button button-primary button-block"), .href("\(prefix)/reset-password")) { say(l, "account.forgot.have_code") }
                    H.a(.class("button button-block"), .href("\(prefix)/login")) { say(l, "account.forgot.back") }
                }
            case .emailLink:
                content = H.section(.class("card")) {
                    H.h1 { say(l, "account.forgot.title") }
                    H.p { say(l, "account.forgot.lead") }
                    Components.errorSummary(state, l)
                    Components.postForm(req, action: "\(prefix)/forgot-password") {
                        loginField(l, autocomplete: "email").render(state, l)
                        submitButton(say(l, "account.forgot.submit"))
                    }
                    H.a(.class("button button-block"), .href("\(prefix)/login")) { say(l, "account.forgot.back") }
                }
            }
            return try await rules.page(req, nil, title: say(l, "account.forgot.title"), status: status, content: content)
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
            let l = req.localizer
            return try await rules.page(req, nil, title: say(l, "account.reset.title"), status: status, content: H.section(.class("card")) {
                H.h1 { say(l, "account.reset.title") }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/reset-password") {
                    if rules.passwordReset == .emailLink {
                        H.input(.type("hidden"), .name("token"), .value(state.values["token"]))
                    } else {
                        loginField(l, autocomplete: "username").render(state, l)
                        FormField(name: "code", label: say(l, "account.field.code"), hint: say(l, "account.reset.code_hint"),
                                  autocomplete: "one-time-code", inputMode: "numeric", maxLength: 20).render(state, l)
                    }
                    newPasswordFields(l, state)
                    submitButton(say(l, "account.reset.submit"))
                }
            })
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
            let l = req.localizer
            return try await rules.page(req, nil, title: say(l, "account.reset.title"), status: error.status, content: H.section(.class("card")) {
                H.h1 { say(l, "account.reset.title") }
                H.p(.class("flash flash-error"), .role("alert")) { error.message(l) }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/forgot-password")) { say(l, "account.reset.again") }
            })
        }

        // MARK: Parts

        /// The form's one action, across the screen (a large target on a phone).
        func submitButton(_ label: String) -> HTML {
            H.button(.type("submit"), .class("button button-primary button-block")) { label }
        }

        /// A shared account text as this app words it (`Localizer.key(_:wordedBy:)`).
        func say(_ l: Localizer, _ key: String, _ arguments: [String: String] = [:]) -> String {
            l.text(l.key(key, wordedBy: app.id), arguments)
        }

        func worded(_ key: String, _ req: Request) -> String {
            req.localizer.key(key, wordedBy: app.id)
        }

        func loginField(_ l: Localizer, autocomplete: String) -> FormField {
            kind == .email
                ? FormField(name: "email", label: say(l, "account.field.email"), type: "email", autocomplete: autocomplete,
                            inputMode: "email", maxLength: kind.maxLength)
                : FormField(name: "phone", label: say(l, "account.field.phone"), type: "tel", hint: say(l, "account.hint.phone"),
                            autocomplete: autocomplete == "username" ? "tel" : autocomplete, inputMode: "tel", maxLength: kind.maxLength)
        }

        func newPasswordFields(_ l: Localizer, _ state: FormState) -> HTML {
            HTMLBuilder.join([
                FormField(name: "newPassword", label: say(l, "account.field.new_password"), type: "password",
                          hint: say(l, "account.hint.password", ["min": String(rules.passwordMinLength)]),
                          autocomplete: "new-password", maxLength: 200).render(state, l),
                FormField(name: "newPasswordRepeat", label: say(l, "account.field.new_password_repeat"), type: "password",
                          autocomplete: "new-password", maxLength: 200).render(state, l),
            ])
        }

        func fields(_ state: FormState) -> AccountFields {
            let v = state.values
            return AccountFields(email: v["email"], phone: v["phone"], password: v["password"], currentPassword: v["currentPassword"],
                                 newPassword: v["newPassword"], newPasswordRepeat: v["newPasswordRepeat"] ?? "", token: v["token"], code: v["code"])
        }
    }
}

extension PasswordResetKind: Equatable {}
