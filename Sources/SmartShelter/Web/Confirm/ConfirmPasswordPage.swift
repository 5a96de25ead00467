import Foundation
import Kernel
import Vapor

/// `/shelter/confirm`: the director types the password again; for the next five minutes
/// their changes go through, then it is asked again (the original's rule).
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
        return req.render(ConfirmPasswordView(person: person, next: next, form: FormState(), c: req.viewContext(for: person.account)).page)
    }

    static func confirm(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let state = FormState.submitted(by: req)
        let next = safeNext(state.values["next"])
        do {
            try await req.confirmPassword(state.values["password"] ?? "", of: person.account)
            return req.redirect(to: next, flash: .success, "ss.confirm.done")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(ConfirmPasswordView(person: person, next: next, form: FormState(errors: error.fieldErrors),
                                                  status: error.status, c: req.viewContext(for: person.account)).page)
        }
    }
}
