import Fluent
import Foundation
import Kernel
import Vapor

/// Welcome and the two-step sign-up. Sign-in, sign-out and the password pages are the
/// kernel's (`MoveJoinAccounts`).
enum AccountPages {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
        web.get("signup") { req in try await signupPage(req, state: FormState(values: ["email": (try await req.webSession())[emailKey] ?? ""])) }
        web.post("signup", use: signup)
        web.get("signup", "about-you", use: aboutYou)
        web.post("signup", "about-you", use: finishSignup)
    }

    /// Signed-in people go straight to their events.
    static func welcome(_ req: Request) async throws -> Response {
        if try await req.optionalMover() != nil { return req.redirect(to: "\(prefix)/events") }
        let l = req.localizer
        return MoveJoinWeb.page(req, nil, title: l.text("mj.welcome.title"), section: .none) {
            H.section(.class("welcome")) {
                H.h1 { l.text("mj.welcome.title") }
                H.p(.class("lead")) { l.text("mj.welcome.lead") }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/signup")) { l.text("mj.welcome.signup") }
                H.a(.class("button button-block"), .href("\(prefix)/login")) { l.text("mj.welcome.begin") }
            }
        }
    }

    // MARK: Sign-up: e-mail and password, then name, surname and city

    /// Between the two steps the session holds the e-mail and a bcrypt hash of the
    /// password, never the password itself.
    static let emailKey = "movejoin.signup.email"
    static let hashKey = "movejoin.signup.hash"

    static func signupPage(_ req: Request, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        return MoveJoinWeb.page(req, nil, title: l.text("mj.signup.title"), section: .none, status: status) {
            H.section(.class("card")) {
                H.h1 { l.text("mj.signup.title") }
                H.p(.class("step")) { l.text("mj.signup.step", ["n": "1", "of": "2"]) }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/signup") {
                    FormField(name: "email", label: l.text("mj.field.email"), type: "email", autocomplete: "email",
                              inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(state, l)
                    FormField(name: "password", label: l.text("mj.field.password"), type: "password",
                              hint: l.text("mj.hint.password", ["min": String(PeopleService.passwordMinLength)]),
                              autocomplete: "new-password", maxLength: 200).render(state, l)
                    FormField(name: "passwordRepeat", label: l.text("mj.field.password_repeat"), type: "password",
                              autocomplete: "new-password", maxLength: 200).render(state, l)
                    Components.primaryButton(l.text("mj.signup.continue"))
                }
                H.p { H.a(.href("\(prefix)/login")) { l.text("mj.signup.have_account") } }
            }
        }
    }

    static func signup(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        var v = Kernel.Validator()
        let email = LoginKind.email.validate(state.values["email"], into: &v)
        v.newPassword(state.values["password"], repeat: state.values["passwordRepeat"],
                      fields: ("password", "passwordRepeat"), minLength: PeopleService.passwordMinLength)
        if let email, try await req.accounts.isTaken(app: MoveJoin.id, login: email) {
            v.add("email", "account.email.taken")
        }
        guard v.isValid, let email else {
            return try await signupPage(req, state: FormState(values: state.values, errors: v.errors), status: .unprocessableEntity)
        }
        let session = try await req.webSession()
        session[emailKey] = email
        session[hashKey] = try await req.accounts.hashPassword(state.values["password"]!)
        return req.redirect(to: "\(prefix)/signup/about-you", redirectType: .normal)
    }

    static func aboutYou(_ req: Request) async throws -> Response {
        guard try await req.webSession()[hashKey] != nil else { return req.redirect(to: "\(prefix)/signup") }
        return try await aboutYouPage(req, state: FormState())
    }

    static func aboutYouPage(_ req: Request, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        return MoveJoinWeb.page(req, nil, title: l.text("mj.signup.title"), section: .none, status: status) {
            H.section(.class("card")) {
                H.h1 { l.text("mj.signup.about_you") }
                H.p(.class("step")) { l.text("mj.signup.step", ["n": "2", "of": "2"]) }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/signup/about-you") {
                    FormField(name: "name", label: l.text("mj.field.name"), autocomplete: "given-name", maxLength: PeopleService.nameMaxLength).render(state, l)
                    FormField(name: "surname", label: l.text("mj.field.surname"), autocomplete: "family-name", maxLength: PeopleService.nameMaxLength).render(state, l)
                    SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(state, l)
                    Components.primaryButton(l.text("mj.signup.create"))
                }
            }
        }
    }

    static func finishSignup(_ req: Request) async throws -> Response {
        let session = try await req.webSession()
        guard let email = session[emailKey], let hash = session[hashKey] else { return req.redirect(to: "\(prefix)/signup") }
        let state = FormState.submitted(by: req)
        do {
            let mover = try await req.moveJoin.people.register(
                email: email, passwordHash: hash, name: state.values["name"], surname: state.values["surname"],
                cityID: state.values["cityId"], language: req.language)
            session[emailKey] = nil
            session[hashKey] = nil
            try await req.logIn(mover.account)
            return req.redirect(to: "\(prefix)/events", flash: .success, "mj.signup.done", ["name": mover.profile.name])
        } catch let error as AppError where error.code == "login_taken" {
            session[hashKey] = nil
            return try await signupPage(req, state: FormState(values: ["email": email], errors: [FieldError(field: "email", key: "account.email.taken")]),
                                        status: .conflict)
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await aboutYouPage(req, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }
}
