import Foundation
import Kernel
import Vapor

/// The two-step sign-up: e-mail and password, then name, surname and city. Sign-in,
/// sign-out and the password pages are the kernel's (`MoveJoinAccounts`).
enum SignUpPage {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("signup", use: emailStep)
        web.post("signup", use: signup)
        web.get("signup", "about-you", use: aboutYou)
        web.post("signup", "about-you", use: finishSignup)
    }

    /// Between the two steps the session holds the e-mail and a bcrypt hash of the
    /// password, never the password itself.
    static let emailKey = "movejoin.signup.email"
    static let hashKey = "movejoin.signup.hash"
    /// Where to go once signed up (an event whose shared link brought the person here).
    static let nextKey = "movejoin.signup.next"

    /// The first step, with the e-mail already given when the person comes back to it.
    static func emailStep(_ req: Request) async throws -> Response {
        let email = try await req.webSession()[emailKey] ?? ""
        let next = Request.safeLocalPath(req.query[String.self, at: "next"], fallback: "")
        return req.render(SignUpView(form: FormState(values: ["email": email, "next": next]), c: req.viewContext).emailStep)
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
            let form = FormState(values: state.values, errors: v.errors)
            return req.render(SignUpView(form: form, status: .unprocessableEntity, c: req.viewContext).emailStep)
        }
        let session = try await req.webSession()
        session[emailKey] = email
        session[hashKey] = try await req.accounts.hashPassword(state.values["password"]!)
        let next = Request.safeLocalPath(state.values["next"], fallback: "")
        session[nextKey] = next.hasPrefix(prefix + "/") ? next : nil
        return req.redirect(to: "\(prefix)/signup/about-you", redirectType: .normal)
    }

    static func aboutYou(_ req: Request) async throws -> Response {
        guard try await req.webSession()[hashKey] != nil else { return req.redirect(to: "\(prefix)/signup") }
        return req.render(SignUpView(form: FormState(), c: req.viewContext).aboutYouStep)
    }

    static func finishSignup(_ req: Request) async throws -> Response {
        let session = try await req.webSession()
        guard let email = session[emailKey], let hash = session[hashKey] else { return req.redirect(to: "\(prefix)/signup") }
        let state = FormState.submitted(by: req)
        do {
            let mover = try await req.moveJoin.people.register(
                email: email, passwordHash: hash, name: state.values["name"], surname: state.values["surname"],
                cityID: state.values["cityId"], language: req.language)
            let next = session[nextKey] ?? "\(prefix)/events"
            session[emailKey] = nil
            session[hashKey] = nil
            session[nextKey] = nil
            try await req.logIn(mover.account)
            return req.redirect(to: next, flash: .success, "mj.signup.done", ["name": mover.profile.name])
        } catch let error as AppError where error.code == "login_taken" {
            // Taken between the steps: back to the first, to choose another address.
            session[hashKey] = nil
            let form = FormState(values: ["email": email], errors: [FieldError(field: "email", key: "account.email.taken")])
            return req.render(SignUpView(form: form, status: .conflict, c: req.viewContext).emailStep)
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            let form = FormState(values: state.values, errors: error.fieldErrors)
            return req.render(SignUpView(form: form, status: error.status, c: req.viewContext).aboutYouStep)
        }
    }
}
