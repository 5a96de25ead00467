import Foundation
import Kernel
import NIOHTTP1
import Vapor
import VaporTesting

/// A minimal browser for in-process tests: keeps cookies between requests and fills in
/// the CSRF field the way a rendered form would.
public final class TestBrowser: @unchecked Sendable {
    public let application: Application
    public private(set) var cookies: [String: String] = [:]
    public var acceptLanguage: String?

    public init(_ application: Application) {
        self.application = application
    }

    @discardableResult
    public func get(_ path: String, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        try await send(.GET, path, headers: headers)
    }

    /// Posts a urlencoded form, adding the CSRF token from the cookie unless `csrf` is false.
    @discardableResult
    public func post(_ path: String, form: [String: String], csrf: Bool = true, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var fields = form
        if csrf {
            if cookies["hromada_csrf"] == nil { try await get("/") }
            fields["_csrf"] = cookies["hromada_csrf"]
        }
        var allHeaders = headers
        allHeaders.contentType = .urlEncodedForm
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await send(.POST, path, headers: allHeaders, body: ByteBuffer(string: body))
    }

    public func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: ByteBuffer? = nil) async throws -> TestingHTTPResponse {
        var allHeaders = headers
        if !cookies.isEmpty {
            allHeaders.replaceOrAdd(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let acceptLanguage { allHeaders.replaceOrAdd(name: .acceptLanguage, value: acceptLanguage) }
        let response = try await application.testing().sendRequest(method, path, headers: allHeaders, body: body)
        remember(response.headers)
        return response
    }

    public func setCookie(_ name: String, _ value: String?) {
        cookies[name] = value
    }

    private func remember(_ headers: HTTPHeaders) {
        for header in headers[.setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            let expired = header.lowercased().contains("max-age=0") || header.contains("1970")
            cookies[parts[0]] = (expired || parts[1].isEmpty) ? nil : parts[1]
        }
    }

    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestingHTTPResponse {
    public var text: String { body.string }

    /// The values of every `Set-Cookie` header for `name`, with their attributes.
    public func setCookie(_ name: String) -> String? {
        headers[.setCookie].first { $0.hasPrefix("\(name)=") }
    }

    /// Where the page's forms post to, in page order: what a tap on their buttons sends.
    public var formActions: [String] {
        text.matches(of: /<form[^>]*\saction="([^"]*)"/).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
    }
}
