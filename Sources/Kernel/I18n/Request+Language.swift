import Vapor

struct ChosenLanguageKey: StorageKey {
    typealias Value = Language
}

/// The language worked out from the cookie or `Accept-Language`, once per request.
struct ResolvedLanguageKey: StorageKey {
    typealias Value = Language
}

/// The localizer of the request's language, made once per request.
struct LocalizerKey: StorageKey {
    typealias Value = Localizer
}

extension Request {
    static let languageCookie = "hromada_lang"

    /// The language to answer in: the one chosen in this browser (or restored from the
    /// profile at sign-in), else the best match for `Accept-Language`, else Ukrainian.
    public var language: Language {
        if let chosen = storage[ChosenLanguageKey.self] { return chosen }
        if let resolved = storage[ResolvedLanguageKey.self] { return resolved }
        let resolved = Language(code: cookie(Request.languageCookie))
            ?? Language.preferred(byAcceptLanguage: headers.first(name: .acceptLanguage)) ?? .default
        storage[ResolvedLanguageKey.self] = resolved
        return resolved
    }

    /// Makes `language` this browser's language from this response on.
    public func choose(_ language: Language) {
        storage[ChosenLanguageKey.self] = language
    }

    /// Strings and formats in the request's language and the server's default time zone.
    public var localizer: Localizer {
        let language = language
        if let made = storage[LocalizerKey.self], made.language == language { return made }
        let localizer = Localizer(language: language, timeZone: kernel.configuration.defaultTimeZone, catalogs: kernel.catalogs)
        storage[LocalizerKey.self] = localizer
        return localizer
    }

    /// Strings and formats for a signed-in person, in their own time zone.
    public func localizer(for account: Account) -> Localizer {
        let zone = account.timeZone.flatMap(TimeZone.init(identifier:)) ?? kernel.configuration.defaultTimeZone
        return Localizer(language: language, timeZone: zone, catalogs: kernel.catalogs)
    }
}

/// Writes the language cookie when a request chose a language, so the choice sticks.
struct LanguageCookieMiddleware: AsyncMiddleware {
    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let chosen = request.storage[ChosenLanguageKey.self], request.cookie(Request.languageCookie) != chosen.rawValue {
            response.cookies[Request.languageCookie] = HTTPCookies.Value(
                string: chosen.rawValue, maxAge: 365 * 24 * 3600, path: "/", isSecure: secureCookies, isHTTPOnly: true, sameSite: .lax)
        }
        return response
    }
}
