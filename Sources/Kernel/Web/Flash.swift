import Foundation
import Vapor

/// A one-time message shown on the next page ("Order placed"). It travels in a short
/// cookie as a catalog key, so it needs no session and cannot carry arbitrary text.
public enum Flash {
    public enum Kind: String, Sendable, Codable {
        case success, info, error
    }

    struct Message: Codable {
        let kind: Kind
        let key: String
        let arguments: [String: String]
    }

    static let cookieName = "hromada_flash"

    static func decode(_ value: String?) -> Message? {
        guard let value, let data = Data(base64Encoded: value) else { return nil }
        return try? JSONDecoder().decode(Message.self, from: data)
    }

    /// The banner for `message`, if there is one. It tells what just happened, so a live
    /// region whose content then changes removes it (`data-flash`, live-refresh.js):
    /// «Шукаємо волонтера» must not stay above «Волонтер погодився!».
    static func banner(_ message: Message?, localizer: Localizer) -> HTML {
        guard let message else { return .empty }
        let role = message.kind == .error ? "alert" : "status"
        return H.div(.class("flash flash-\(message.kind.rawValue)"), .role(role), .data("flash", "true")) {
            localizer.text(message.key, message.arguments)
        }
    }
}

struct PendingFlashKey: StorageKey { typealias Value = Flash.Message }
struct FlashShownKey: StorageKey { typealias Value = Bool }

extension Request {
    /// The message this page shows, if any, marked shown so that its cookie is cleared.
    func takeFlash() -> Flash.Message? {
        guard let message = storage[PendingFlashKey.self] ?? Flash.decode(cookie(Flash.cookieName)) else { return nil }
        storage[FlashShownKey.self] = true
        storage[PendingFlashKey.self] = nil
        return message
    }

    /// Shows `key` on the next page this browser renders (typically after a redirect).
    public func flash(_ kind: Flash.Kind, _ key: String, _ arguments: [String: String] = [:]) {
        storage[PendingFlashKey.self] = Flash.Message(kind: kind, key: key, arguments: arguments)
    }
}

/// Writes a pending flash into its cookie, and clears the cookie once shown.
struct FlashMiddleware: AsyncMiddleware {
    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let pending = request.storage[PendingFlashKey.self], let data = try? JSONEncoder().encode(pending) {
            response.cookies[Flash.cookieName] = HTTPCookies.Value(
                string: data.base64EncodedString(), maxAge: 300, path: "/", isSecure: secureCookies, isHTTPOnly: true, sameSite: .lax)
        } else if request.storage[FlashShownKey.self] == true {
            response.cookies[Flash.cookieName] = .expired
        }
        return response
    }
}

extension Request {
    /// Redirects (303) after a form was handled, with a flash message for the next page.
    public func redirect(to path: String, flash kind: Flash.Kind, _ key: String, _ arguments: [String: String] = [:]) -> Response {
        flash(kind, key, arguments)
        return redirect(to: path, redirectType: .normal)
    }

    /// Runs a form's action; a conflict (409: someone else was quicker, the thing moved
    /// on) comes back as a flash message on `fallback` instead of an error page.
    public func showingConflicts(on fallback: String, _ action: () async throws -> Response) async throws -> Response {
        do {
            return try await action()
        } catch let error as AppError where error.status == .conflict {
            flash(.error, error.key, error.arguments)
            return redirect(to: fallback, redirectType: .normal)
        }
    }
}
