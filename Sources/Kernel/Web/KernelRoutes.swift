import Fluent
import SQLKit
import Vapor

/// Routes the kernel serves for the whole site.
enum KernelRoutes {
    static let siteTheme = "#1f4e79"

    static func register(on application: Application) throws {
        application.get { req in LandingPage.response(for: req) }
        application.post("locale", use: switchLanguage)
        application.get("static", ":name", use: staticAsset)
        application.get("health", use: health)
        application.get("health", "live", use: live)
        application.get("metrics", use: metrics)
        application.get("manifest.webmanifest") { req in
            WebAppManifest.response(name: req.localizer.text("site.name"), startURL: "/", themeColor: siteTheme, iconURL: "/icon.svg", language: req.language)
        }
        application.get("icon.svg") { _ in WebAppManifest.icon(letters: "Г", color: siteTheme) }
        application.get("theme.css") { _ in WebAppManifest.themeStylesheet(accent: siteTheme) }
    }

    struct LanguageChoice: Content {
        var locale: String
        var back: String?
    }

    /// Remembers the chosen language in a cookie and, for signed-in people, in their profiles.
    @Sendable static func switchLanguage(_ req: Request) async throws -> Response {
        let choice = try req.content.decode(LanguageChoice.self)
        guard let language = Language(code: choice.locale) else {
            throw AppError.validation([FieldError(field: "locale", key: "validation.invalid")])
        }
        req.choose(language)
        let ids = try await req.sessionAccountIDs()
        if !ids.isEmpty {
            try await Account.query(on: req.db).filter(\.$id ~~ ids).set(\.$language, to: language.rawValue).update()
        }
        return req.redirect(to: Request.safeLocalPath(choice.back), redirectType: .normal)
    }

    @Sendable static func staticAsset(_ req: Request) throws -> Response {
        guard let name = req.parameters.get("name"), let response = req.kernel.assets.response(for: name, request: req) else {
            throw AppError.notFound()
        }
        return response
    }

    /// 200 while the process answers at all (a liveness probe: it touches nothing). The
    /// benchmarks also load it beside each call, as what the framework can do at most
    /// (bench/README.md, "Ratios").
    @Sendable static func live(_ req: Request) -> Response {
        let response = Response(status: .ok, body: .init(staticString: #"{"status":"ok"}"#))
        response.headers.contentType = .json
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    /// 200 while the database answers a trivial query, 503 otherwise.
    @Sendable static func health(_ req: Request) async -> Response {
        let started = ContinuousClock.now
        var healthy = true
        do {
            guard let sql = req.db as? any SQLDatabase else { throw Abort(.internalServerError) }
            try await sql.raw("SELECT 1").run()
        } catch {
            healthy = false
            req.logger.warning("Health check: database does not answer", metadata: ["error": "\(String(reflecting: error))"])
        }
        let elapsed = ContinuousClock.now - started
        HromadaMetrics.recordPing(seconds: Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), healthy: healthy)
        let response = Response(status: healthy ? .ok : .serviceUnavailable)
        response.headers.contentType = .json
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        response.body = .init(string: healthy ? #"{"status":"ok","database":"up"}"# : #"{"status":"unavailable","database":"down"}"#)
        return response
    }

    @Sendable static func metrics(_ req: Request) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
        return Response(status: .ok, headers: headers, body: .init(string: HromadaMetrics.render()))
    }
}

/// Routes the kernel adds under every app's prefix.
enum AppShellRoutes {
    static func register(_ app: any HromadaApp, on routes: any RoutesBuilder) throws {
        let descriptor = app.descriptor
        routes.get("manifest.webmanifest") { req in
            WebAppManifest.response(name: descriptor.name(in: req.language), startURL: "\(descriptor.pathPrefix)/",
                                    themeColor: descriptor.themeColor, iconURL: "\(descriptor.pathPrefix)/icon.svg", language: req.language)
        }
        routes.get("icon.svg") { _ in WebAppManifest.icon(letters: descriptor.iconLetters, color: descriptor.themeColor) }
        routes.get("theme.css") { _ in WebAppManifest.themeStylesheet(accent: descriptor.themeColor) }
        if let document = app.openAPIDocument {
            routes.get("api", "openapi.json") { _ in
                Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(string: document))
            }
        }
        routes.get("admin", "audit") { req in try await AuditPage.response(for: req, app: descriptor) }
    }
}

extension Request {
    /// A redirect target taken from the client (`back`, `next`), or `fallback` unless it
    /// is a path on this site: never `//evil.example` or `https://…` (no open redirect).
    public static func safeLocalPath(_ path: String?, fallback: String = "/") -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), path.count <= 2_000 else { return fallback }
        return path
    }

    /// `path` with a `next` query that brings the person back to `next` afterwards (the
    /// login and sign-up pages read it); `path` alone when there is nowhere to return to.
    public static func path(_ path: String, returningTo next: String?) -> String {
        guard let next, !next.isEmpty, safeLocalPath(next, fallback: "") == next else { return path }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        return "\(path)?next=\(next.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/")"
    }
}
