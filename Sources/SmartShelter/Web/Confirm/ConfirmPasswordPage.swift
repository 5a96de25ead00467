import Foundation
import Kernel
import Vapor

/// The director types the password again; for the next five minutes their changes go
/// through, then it is asked again (the original's rule). A form's change asks in place
/// (`prompt`, then `PasswordInPlace`); `/shelter/confirm` is the page for opening the
/// window ahead, and for links (a download) that need it.
enum ConfirmPasswordPage {
    static func register(on web: any RoutesBuilder) {
        web.get("confirm", use: form)
        web.post("confirm", use: confirm)
    }

    static func path(next: String) -> String {
        "\(ShelterWeb.prefix)/confirm?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
    }

    /// Only a page of this app is a place to go back to (never another site: the kernel's
    /// `safeLocalPath`, then this app's prefix).
    static func safeNext(_ next: String?) -> String {
        let dashboard = "\(ShelterWeb.prefix)/dashboard"
        let path = Request.safeLocalPath(next, fallback: dashboard)
        return path.hasPrefix(ShelterWeb.prefix + "/") ? path : dashboard
    }

    static func form(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let next = safeNext(try req.query.get(String?.self, at: "next"))
        return req.render(ConfirmPasswordView(person: person, target: .page(next: next), form: FormState(), c: req.viewContext(for: person.account)).page)
    }

    /// The prompt in place of a form whose change needs the password: the same address, the
    /// form's fields kept, the password added; a wrong password typed into it comes back
    /// with its message (`PasswordInPlace`). Nothing of the change is done yet, and the
    /// page says so.
    static func prompt(_ req: Request, back: String) async throws -> Response {
        let person = try await req.staffMember()
        let refused = req.storage[PasswordInPlace.RefusedKey.self] ?? []
        let carried = FormState.submitted(by: req).values.filter { $0.key != PasswordInPlace.field }
        let view = ConfirmPasswordView(person: person, target: .form(action: req.url.string, carried: carried, back: back),
                                       form: FormState(errors: refused), status: refused.isEmpty ? .forbidden : .unprocessableEntity,
                                       c: req.viewContext(for: person.account))
        return req.render(view.page)
    }

    static func confirm(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let state = FormState.submitted(by: req)
        let next = safeNext(state.values["next"])
        do {
            try await req.confirmPassword(state.values["password"] ?? "", of: person.account)
            return req.redirect(to: next, flash: .success, "ss.confirm.done")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(ConfirmPasswordView(person: person, target: .page(next: next), form: FormState(errors: error.fieldErrors),
                                                  status: error.status, c: req.viewContext(for: person.account)).page)
        }
    }
}
