import Vapor

/// Headers that make the browser refuse what our pages never do: inline scripts,
/// foreign scripts, being framed, sniffing content types, leaking full URLs.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    let strictTransport: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        var headers = response.headers
        headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "Referrer-Policy", value: "strict-origin-when-cross-origin")
        headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        // Location only for this site's own pages (MoveJoin's «Моє місце зараз»), never for a framed one.
        headers.replaceOrAdd(name: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)")
        if strictTransport {
            headers.replaceOrAdd(name: "Strict-Transport-Security", value: "max-age=31536000")
        }
        response.headers = headers
        return response
    }
}
