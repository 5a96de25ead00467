import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_exported import MoveJoinProto
import SwiftProtobuf

/// What went wrong with a MoveJoin request.
public enum MoveJoinClientError: Error, Sendable {
    /// The server answered with an `Error` message (its `code`, a message in the language asked for, the field).
    case server(status: Int, error: MJError)
    /// The server answered something that is not the expected message.
    case unexpectedAnswer(status: Int, contentType: String?)
}

/// A MoveJoin API client over URLSession, the one an iOS app would link: every request
/// and answer a protobuf message, in binary (or, for debugging, the JSON mapping).
/// Holds the bearer token after `register` or `logIn`.
public final class MoveJoinClient: @unchecked Sendable {
    public enum Encoding: Sendable {
        case binary
        case json
    }

    public let baseURL: URL
    public let encoding: Encoding
    /// `Accept-Language` sent with every request: the language of error messages and names.
    public let language: String
    private let session: URLSession
    private let lock = NSLock()
    private var storedToken: String?

    /// `baseURL` is the server, e.g. `https://hromada.example`; requests go under `/movejoin/api/v1`.
    public init(baseURL: URL, encoding: Encoding = .binary, language: String = "uk", token: String? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.encoding = encoding
        self.language = language
        self.session = session
        self.storedToken = token
    }

    public var token: String? {
        get { lock.withLock { storedToken } }
        set { lock.withLock { storedToken = newValue } }
    }

    // MARK: Reference data

    public func cities() async throws -> [MJCity] { try await get("cities", as: MJCityList.self).cities }
    public func sportTypes() async throws -> [MJSportType] { try await get("sport-types", as: MJSportTypeList.self).sportTypes }

    // MARK: Account

    /// Creates an account and signs in with it.
    @discardableResult
    public func register(_ request: MJRegisterRequest) async throws -> MJSession {
        let session = try await send("POST", "accounts", request, as: MJSession.self)
        token = session.token
        return session
    }

    @discardableResult
    public func logIn(email: String, password: String) async throws -> MJSession {
        var request = MJLoginRequest()
        request.email = email
        request.password = password
        let session = try await send("POST", "session", request, as: MJSession.self)
        token = session.token
        return session
    }

    public func logOut() async throws {
        try await sendWithoutAnswer("DELETE", "session", nil)
        token = nil
    }

    public func me() async throws -> MJProfile { try await get("me", as: MJProfile.self) }

    public func updateProfile(_ request: MJUpdateProfileRequest) async throws -> MJProfile {
        try await send("PATCH", "me", request, as: MJProfile.self)
    }

    public func changePassword(_ request: MJChangePasswordRequest) async throws {
        try await sendWithoutAnswer("PUT", "me/password", request)
    }

    /// Deletes the account for good (the password confirms it).
    public func deleteAccount(password: String) async throws {
        var request = MJDeleteAccountRequest()
        request.password = password
        try await sendWithoutAnswer("DELETE", "me", request)
        token = nil
    }

    /// Signs out everywhere: every browser session and token of the account ends, this one included.
    public func signOutEverywhere() async throws {
        try await sendWithoutAnswer("DELETE", "me/sessions", nil)
        token = nil
    }

    /// Asks for a password reset link by e-mail (no sign-in needed). The answer is the same
    /// whether or not the address has an account.
    public func requestPasswordReset(email: String) async throws -> MJPasswordResetAccepted {
        var request = MJPasswordResetRequest()
        request.email = email
        return try await send("POST", "password-reset", request, as: MJPasswordResetAccepted.self)
    }

    /// Sets a new password with the token from the e-mailed link (no sign-in needed); every
    /// session and token of that account ends. Sign in again with `logIn`.
    public func confirmPasswordReset(_ request: MJPasswordResetConfirmation) async throws {
        try await sendWithoutAnswer("POST", "password-reset/confirm", request)
    }

    // MARK: Events

    public struct Search: Sendable {
        public var cityID: String?
        public var sportTypeIDs: [String] = []
        public var from: Date?
        public var to: Date?
        public var skillLevel: String?
        public var text: String?
        /// Where the person is (latitude, longitude), and how far they would go in
        /// kilometres (0.1–100): only events with a place on the map that near.
        public var near: (latitude: Double, longitude: Double)?
        public var withinKm: Double?
        public var pageSize: Int?
        public var pageToken: String?

        public init(cityID: String? = nil, sportTypeIDs: [String] = [], from: Date? = nil, to: Date? = nil, skillLevel: String? = nil,
                    text: String? = nil, near: (latitude: Double, longitude: Double)? = nil, withinKm: Double? = nil,
                    pageSize: Int? = nil, pageToken: String? = nil) {
            self.cityID = cityID
            self.sportTypeIDs = sportTypeIDs
            self.from = from
            self.to = to
            self.skillLevel = skillLevel
            self.text = text
            self.near = near
            self.withinKm = withinKm
            self.pageSize = pageSize
            self.pageToken = pageToken
        }

        var queryItems: [URLQueryItem] {
            let iso = ISO8601DateFormatter()
            var items: [URLQueryItem] = []
            if let cityID { items.append(URLQueryItem(name: "city", value: cityID)) }
            items += sportTypeIDs.map { URLQueryItem(name: "sport", value: $0) }
            if let from { items.append(URLQueryItem(name: "from", value: iso.string(from: from))) }
            if let to { items.append(URLQueryItem(name: "to", value: iso.string(from: to))) }
            if let skillLevel { items.append(URLQueryItem(name: "skill", value: skillLevel)) }
            if let text { items.append(URLQueryItem(name: "q", value: text)) }
            if let near { items.append(URLQueryItem(name: "near", value: "\(near.latitude),\(near.longitude)")) }
            if let withinKm { items.append(URLQueryItem(name: "within", value: String(withinKm))) }
            if let pageSize { items.append(URLQueryItem(name: "pageSize", value: String(pageSize))) }
            if let pageToken { items.append(URLQueryItem(name: "pageToken", value: pageToken)) }
            return items
        }
    }

    public func searchEvents(_ search: Search = Search()) async throws -> MJEventPage {
        try await get("events", query: search.queryItems, as: MJEventPage.self)
    }

    public func event(_ id: String) async throws -> MJEvent { try await get("events/\(id)", as: MJEvent.self) }

    public func createEvent(_ input: MJEventInput) async throws -> MJEvent {
        try await send("POST", "events", input, as: MJEvent.self)
    }

    public func updateEvent(_ id: String, _ input: MJEventInput) async throws -> MJEvent {
        try await send("PUT", "events/\(id)", input, as: MJEvent.self)
    }

    public func cancelEvent(_ id: String) async throws -> MJEvent {
        try await send("POST", "events/\(id)/cancel", nil, as: MJEvent.self)
    }

    public func join(_ id: String) async throws -> MJParticipation {
        try await send("POST", "events/\(id)/join", nil, as: MJParticipation.self)
    }

    public func leave(_ id: String) async throws -> MJParticipation {
        try await send("POST", "events/\(id)/leave", nil, as: MJParticipation.self)
    }

    public func participants(_ id: String) async throws -> MJParticipantList {
        try await get("events/\(id)/participants", as: MJParticipantList.self)
    }

    public func myEvents(history: Bool = false) async throws -> [MJEvent] {
        try await get("me/events", query: [URLQueryItem(name: "scope", value: history ? "history" : "upcoming")], as: MJEventList.self).events
    }

    public func notifications() async throws -> MJNotificationList { try await get("notifications", as: MJNotificationList.self) }

    public func markNotificationsRead() async throws { try await sendWithoutAnswer("POST", "notifications/read", nil) }

    /// A new secret calendar address (the old one stops working).
    public func createCalendarFeed() async throws -> MJCalendarFeed {
        try await send("POST", "me/calendar-feed", nil, as: MJCalendarFeed.self)
    }

    public func revokeCalendarFeed() async throws { try await sendWithoutAnswer("DELETE", "me/calendar-feed", nil) }

    // MARK: Transport

    private var mediaType: String { encoding == .binary ? "application/x-protobuf" : "application/json" }

    private func get<Answer: SwiftProtobuf.Message>(_ path: String, query: [URLQueryItem] = [], as: Answer.Type) async throws -> Answer {
        let (data, response) = try await perform(request("GET", path, query: query, body: nil))
        return try decode(Answer.self, data, response)
    }

    private func send<Answer: SwiftProtobuf.Message>(_ method: String, _ path: String, _ body: (any SwiftProtobuf.Message)?, as: Answer.Type) async throws -> Answer {
        let (data, response) = try await perform(request(method, path, query: [], body: try body.map(encode)))
        return try decode(Answer.self, data, response)
    }

    private func sendWithoutAnswer(_ method: String, _ path: String, _ body: (any SwiftProtobuf.Message)?) async throws {
        let (data, response) = try await perform(request(method, path, query: [], body: try body.map(encode)))
        guard (200..<300).contains(response.statusCode) else { throw try failure(data, response) }
    }

    private func request(_ method: String, _ path: String, query: [URLQueryItem], body: Data?) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent("movejoin/api/v1/" + path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue(mediaType, forHTTPHeaderField: "Accept")
        request.setValue(language, forHTTPHeaderField: "Accept-Language")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue(mediaType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        return request
    }

    private func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response = response as? HTTPURLResponse {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: MoveJoinClientError.unexpectedAnswer(status: 0, contentType: nil))
                }
            }.resume()
        }
    }

    private func encode(_ message: any SwiftProtobuf.Message) throws -> Data {
        encoding == .binary ? try message.serializedData() : try message.jsonUTF8Data()
    }

    private func decode<Answer: SwiftProtobuf.Message>(_ type: Answer.Type, _ data: Data, _ response: HTTPURLResponse) throws -> Answer {
        guard (200..<300).contains(response.statusCode) else { throw try failure(data, response) }
        return try parse(Answer.self, data, response)
    }

    private func failure(_ data: Data, _ response: HTTPURLResponse) throws -> MoveJoinClientError {
        .server(status: response.statusCode, error: try parse(MJError.self, data, response))
    }

    private func parse<M: SwiftProtobuf.Message>(_ type: M.Type, _ data: Data, _ response: HTTPURLResponse) throws -> M {
        let contentType = response.value(forHTTPHeaderField: "Content-Type") ?? ""
        if contentType.hasPrefix("application/x-protobuf") { return try M(serializedBytes: data) }
        if contentType.hasPrefix("application/json") { return try M(jsonUTF8Data: data) }
        throw MoveJoinClientError.unexpectedAnswer(status: response.statusCode, contentType: contentType)
    }
}
