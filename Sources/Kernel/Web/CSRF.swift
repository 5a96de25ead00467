import Vapor

/// CSRF protection for forms by the double-submit pattern: a random token lives in an
/// HttpOnly, SameSite=Strict cookie and is repeated in every form (`_csrf`) or in the
/// `X-CSRF-Token` header of a script's request. Another site can make a browser send
/// the cookie, but cannot read it to put it in the form, so a forged POST is refused.
///
/// JSON API routes are exempt: they authenticate with bearer tokens only, which a
/// browser never attaches by itself. So are one-click unsubscribe links (RFC 8058), which
/// mail apps post to without cookies: the secret in their address is the credential
/// (`MailUnsubscribes`).
struct CSRFMiddleware: AsyncMiddleware {
    static let cookieName = "hromada_csrf"
    static let fieldName = "_csrf"
    static let headerName = "X-CSRF-Token"

    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if Self.needsCheck(request) {
            try await verify(request)
        }
        let response = try await next.respond(to: request)
        if let issued = request.storage[IssuedCSRFTokenKey.self] {
            response.cookies[Self.cookieName] = HTTPCookies.Value(
                string: issued, path: "/", isSecure: secureCookies, isHTTPOnly: true, sameSite: .strict)
        }
        return response
    }

    static func needsCheck(_ request: Request) -> Bool {
        switch request.method {
        case .GET, .HEAD, .OPTIONS: false
        default: !request.isAPIRequest && !MailUnsubscribes.isOneClickPath(request.urlPath)
        }
    }

    private func verify(_ request: Request) async throws {
        guard let expected = request.cookie(Self.cookieName), !expected.isEmpty else { throw AppError.csrf }
        var submitted = request.headers.first(name: Self.headerName)
        if submitted == nil {
            // Routes collect bodies after middleware runs; collect now (within the same
            // size limit) so the form field can be read here and again by the route.
            if request.body.data == nil {
                _ = try await request.body.collect(max: request.application.routes.defaultMaxBodySize.value).get()
            }
            do {
                submitted = try request.content.get(String.self, at: Self.fieldName)
            } catch let refusal as AppError {
                throw refusal   // a NUL in the form (`NULCharacters`): the person is told that, not that the form expired
            } catch {
                submitted = nil
            }
        }
        guard let submitted, SecretToken.constantTimeEquals(submitted, expected) else { throw AppError.csrf }
    }
}

struct IssuedCSRFTokenKey: StorageKey {
    typealias Value = String
}

/// The token from the browser's cookie, read once per request (a page with twenty forms
/// would otherwise parse the Cookie header twenty times).
struct CookieCSRFTokenKey: StorageKey {
    typealias Value = String
}

extension Request {
    /// The token to put in this page's forms; issues a cookie on first use.
    public var csrfToken: String {
        if let known = storage[CookieCSRFTokenKey.self] { return known }
        if let existing = cookie(CSRFMiddleware.cookieName), !existing.isEmpty {
            storage[CookieCSRFTokenKey.self] = existing
            return existing
        }
        if let issued = storage[IssuedCSRFTokenKey.self] { return issued }
        let token = SecretToken.generate()
        storage[IssuedCSRFTokenKey.self] = token
        return token
    }

}

extension H {
    /// The hidden CSRF input with `rawValue` as its (already escaped) value.
    static func csrfField(rawValue: String) -> HTML {
        HTML(unsafeRaw: "<input type=\"hidden\" name=\"\(CSRFMiddleware.fieldName)\" value=\"\(rawValue)\">")
    }
}
