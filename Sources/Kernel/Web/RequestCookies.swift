import Vapor

extension Request {
    /// The value of the cookie `name`, if the browser sent one. The Cookie header is parsed
    /// once per request: a page reads the session, CSRF, language and flash cookies, and
    /// Vapor's `cookies` parses the whole header on every call.
    public func cookie(_ name: String) -> String? {
        if let parsed = storage[ParsedCookiesKey.self] { return parsed[name] }
        let parsed = Self.parseCookies(headers[.cookie])
        storage[ParsedCookiesKey.self] = parsed
        return parsed[name]
    }

    /// The `name=value` pairs of Cookie headers (RFC 6265 §4.2.1: separated by `;`, a value
    /// may be in double quotes); the last of two with one name wins, as in Vapor's parser.
    /// Written out because Vapor's general header-directive parser showed up in profiles of
    /// every page (see docs/decisions/hand-written-hot-spots.md).
    static func parseCookies(_ headers: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headers {
            for pair in header.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingSpaces
                var value = pair[pair.index(after: equals)...].trimmingSpaces
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                if !name.isEmpty { cookies[String(name)] = String(value) }
            }
        }
        return cookies
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = self[start...].lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<end]
    }
}

struct ParsedCookiesKey: StorageKey {
    typealias Value = [String: String]
}
