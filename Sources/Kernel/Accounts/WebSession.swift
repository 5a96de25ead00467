import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The data of one browser session: a small string map, loaded on first use and
/// written back only when it changed — and then only the keys this request changed,
/// onto whatever the stored record holds by then (see `WebSessionRecord.replaceData`), so
/// a sign-out made elsewhere meanwhile (a password change) is never written back.
public final class WebSession: Sendable {
    struct State {
        var data: [String: String]
        /// This request's changes, key by key (a nil value: removed).
        var changes: [String: String?] = [:]
        var regenerate = false
        var changed: Bool { regenerate || !changes.isEmpty }
    }

    private let state: NIOLockedValueBox<State>
    /// The stored record this session was loaded from, if any, and its data as loaded
    /// (what the save's compare-and-swap expects the record still to hold).
    let loadedRecordID: UUID?
    let loadedJSON: String
    /// When the stored record expires, as loaded (nil for a new session).
    let loadedExpiresAt: Date?

    /// A session as its record holds it, or a new one (no record, no data).
    init(recordID: UUID? = nil, json: String = "{}", expiresAt: Date? = nil) {
        state = NIOLockedValueBox(State(data: WebSessionRecord.decode(json)))
        loadedRecordID = recordID
        loadedJSON = json
        loadedExpiresAt = expiresAt
    }

    public subscript(key: String) -> String? {
        get { state.withLockedValue { $0.data[key] } }
        set {
            state.withLockedValue {
                guard $0.data[key] != newValue else { return }
                $0.data[key] = newValue
                $0.changes.updateValue(newValue, forKey: key)
            }
        }
    }

    /// Gives the session a new id at the next save: call it when privileges change
    /// (sign-in), so an id planted before sign-in is worthless after it.
    public func regenerateID() {
        state.withLockedValue { $0.regenerate = true }
    }

    var snapshot: State { state.withLockedValue { $0 } }
}

extension [String: String] {
    func applying(_ changes: [String: String?]) -> [String: String] {
        var data = self
        for (key, value) in changes { data[key] = value }
        return data
    }
}

/// Loads sessions lazily and saves changed ones after the response is produced. A
/// session slides: used within its last `renewalWindow` it gets a fresh full lifetime
/// (and its cookie again), so someone who keeps using the site stays signed in, while an
/// ordinary page view earlier in its life writes nothing.
struct WebSessionMiddleware: AsyncMiddleware {
    static let cookieName = "hromada_session"
    /// How close to its end a used session is extended.
    static let renewalWindow: TimeInterval = 24 * 3600

    let lifetime: TimeInterval
    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard let session = request.storage[WebSessionKey.self] else { return response }
        try await save(session, for: request, into: response)
        return response
    }

    /// Writes this request's changes onto the stored record. A new id (sign-in) or
    /// nothing left to keep (signed out of every app) replaces or ends the record; a
    /// record another request changed meanwhile is read again and the changes re-applied.
    func save(_ session: WebSession, for request: Request, into response: Response) async throws {
        let state = session.snapshot
        guard state.changed else {
            try await extendIfEnding(session, for: request, into: response)
            return
        }
        let db = request.db
        let expiresAt = request.kernel.clock.now.addingTimeInterval(lifetime)
        var recordID = session.loadedRecordID
        var stored = session.loadedJSON
        for _ in 0..<WebSessionRecord.writeAttempts {
            let data = WebSessionRecord.decode(stored).applying(state.changes)
            if let id = recordID {
                let endsRecord = state.regenerate || data.isEmpty
                let written = endsRecord
                    ? try await WebSessionRecord.delete(id, ifStill: stored, on: db)
                    : try await WebSessionRecord.replaceData(of: id, ifStill: stored, with: WebSessionRecord.encode(data), expiresAt: expiresAt, on: db)
                if !written {
                    // Changed by another request, or gone (signed out everywhere, expired).
                    let record = try await WebSessionRecord.find(id, on: db)
                    (recordID, stored) = (record?.id, record?.data ?? "{}")
                    continue
                }
                if !endsRecord {
                    // The record's expiry moved: the cookie's moves with it.
                    if let token = request.cookie(Self.cookieName) { response.cookies[Self.cookieName] = sessionCookie(token) }
                    return
                }
            }
            // The old record is gone: start a new one, unless nothing is left to keep.
            if data.isEmpty {
                response.cookies[Self.cookieName] = .expired
                return
            }
            let token = SecretToken.generate()
            try await WebSessionRecord(tokenHash: SecretToken.hash(token), data: WebSessionRecord.encode(data), expiresAt: expiresAt).create(on: db)
            response.cookies[Self.cookieName] = sessionCookie(token)
            return
        }
        throw AppError.conflict(code: "session_busy", key: "error.conflict")
    }

    /// Gives a session used within its last `renewalWindow` a fresh full lifetime and
    /// sends its cookie again; one further from its end is not written.
    func extendIfEnding(_ session: WebSession, for request: Request, into response: Response) async throws {
        guard let id = session.loadedRecordID, let expiresAt = session.loadedExpiresAt,
              let token = request.cookie(Self.cookieName) else { return }
        let now = request.kernel.clock.now
        guard expiresAt.timeIntervalSince(now) <= Self.renewalWindow else { return }
        // A record ended meanwhile (signed out elsewhere) is not brought back.
        guard try await WebSessionRecord.extend(id, to: now.addingTimeInterval(lifetime), on: request.db) else { return }
        response.cookies[Self.cookieName] = sessionCookie(token)
    }

    private func sessionCookie(_ token: String) -> HTTPCookies.Value {
        HTTPCookies.Value(string: token, maxAge: Int(lifetime), path: "/", isSecure: secureCookies, isHTTPOnly: true, sameSite: .lax)
    }
}

struct WebSessionKey: StorageKey {
    typealias Value = WebSession
}

extension Request {
    /// The stored record of this browser's session, if it has one yet.
    func webSessionID() async throws -> UUID? {
        try await webSession().loadedRecordID
    }

    /// This browser's session, loaded from the database on first use.
    public func webSession() async throws -> WebSession {
        if let session = storage[WebSessionKey.self] { return session }
        var session = WebSession()
        if let token = cookie(WebSessionMiddleware.cookieName), !token.isEmpty,
           let record = try await WebSessionRecord.query(on: db).filter(\.$tokenHash == SecretToken.hash(token)).first(),
           record.expiresAt > kernel.clock.now {
            session = WebSession(recordID: record.id, json: record.data, expiresAt: record.expiresAt)
        }
        storage[WebSessionKey.self] = session
        return session
    }
}
