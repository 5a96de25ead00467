import Vapor

/// Headers that make the browser refuse what our pages never do: inline scripts,
/// foreign scripts, being framed, sniffing content types, leaking full URLs.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = policy(imageSources: [])

    /// The policy, with images also from `imageSources` (a page's map tiles: `Request.allowImages`).
    static func policy(imageSources: [String]) -> String {
        [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        (["img-src 'self' data:"] + imageSources).joined(separator: " "),
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    let strictTransport: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        var headers = response.headers
        let images = request.storage[ImageSourcesKey.self] ?? []
        headers.replaceOrAdd(name: "Content-Security-Policy", value: images.isEmpty ? Self.contentSecurityPolicy : Self.policy(imageSources: images))
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

struct ImageSourcesKey: StorageKey {
    typealias Value = [String]
}

extension Request {
    /// Lets this response's page show images from `origin` too (`https://tile.openstreetmap.org`
    /// for a map's tiles); every other page keeps images to the site's own.
    public func allowImages(from origin: String) {
        storage[ImageSourcesKey.self] = (storage[ImageSourcesKey.self] ?? []) + [origin]
    }
}
