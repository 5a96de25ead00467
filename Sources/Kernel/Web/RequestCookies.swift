import Vapor

extension Request {
    /// The value of the cookie `name`, if the browser sent one. The Cookie header is parsed
    /// once per request: a page reads the session, CSRF, language and flash cookies, and
    /// Vapor's `cookies` parses the whole header on every call.
    public func cookie(_ name: String) -> String? {
        if let parsed = storage[ParsedCookiesKey.self] { return parsed[name] }
        let parsed = (headers.cookie?.all ?? [:]).mapValues(\.string)
        storage[ParsedCookiesKey.self] = parsed
        return parsed[name]
    }
}

struct ParsedCookiesKey: StorageKey {
    typealias Value = [String: String]
}
