import Foundation
import Kernel
import Vapor

/// The second half of the password prompt that `ShelterWeb.change` shows in place of a form
/// whose change needed a fresh confirmation: the prompt posts the form's own fields back to
/// the form's own address with the password added, and this middleware confirms the
/// password before the form's handler runs — so the change the director asked for is
/// carried out by that same request, not lost on the way through a separate page.
///
/// A wrong password is not an error here: it is kept for `ShelterWeb.change`, which shows
/// the prompt again (the form's fields still in it) with the message under the field.
struct PasswordInPlace: AsyncMiddleware {
    /// The prompt's password field; no form of the shelter has a field of this name.
    static let field = "confirm_password"

    struct RefusedKey: StorageKey { typealias Value = [FieldError] }

    func respond(to req: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if req.method == .POST, req.headers.contentType == .urlEncodedForm,
           let typed = try? req.content.get(String.self, at: Self.field) {
            let account = try await req.requireAccount(in: SmartShelter.descriptor)
            do {
                try await req.confirmPassword(typed, of: account)
            } catch let error as AppError where error.status == .unprocessableEntity {
                req.storage[RefusedKey.self] = error.fieldErrors.map { FieldError(field: Self.field, key: $0.key, arguments: $0.arguments) }
            }
        }
        return try await next.respond(to: req)
    }
}
