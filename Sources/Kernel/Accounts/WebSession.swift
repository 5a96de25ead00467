import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The data of one browser session: a small string map, loaded on first use and
/// written back only when it changed.
public final class WebSession: Sendable {
    struct State {
        var data: [String: String] = [:]
        var changed = false
        var regenerate = false
    }

    private let state: NIOLockedValueBox<State>
    /// The stored record this session was loaded from, if any.
    let loadedRecordID: UUID?

    init(data: [String: String], recordID: UUID?) {
        state = NIOLockedValueBox(State(data: data))
        loadedRecordID = recordID
    }

    public subscript(key: String) -> String? {
        get { state.withLockedValue { $0.data[key] } }
        set {
            state.withLockedValue {
                guard $0.data[key] != newValue else { return }
                $0.data[key] = newValue
                $0.changed = true
            }
        }
    }

    /// Gives the session a new id at the next save: call it when privileges change
    /// (sign-in), so an id planted before sign-in is worthless after it.
    public func regenerateID() {
        state.withLockedValue {
            $0.regenerate = true
            $0.changed = true
        }
    }

    var snapshot: State { state.withLockedValue { $0 } }
}

/// Loads sessions lazily and saves changed ones after the response is produced.
struct WebSessionMiddleware: AsyncMiddleware {
    static let cookieName = "hromada_session"

    let lifetime: TimeInterval
    let secureCookies: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard let session = request.storage[WebSessionKey.self] else { return response }
        try await save(session, for: request, into: response)
        return response
    }

    private func save(_ session: WebSession, for request: Request, into response: Response) async throws {
        let state = session.snapshot
        guard state.changed else { return }
        let db = request.db
        // A new id (sign-in) or nothing left to keep (signed out of every app): the old record goes.
        if let id = session.loadedRecordID, state.regenerate || state.data.isEmpty {
            try await WebSessionRecord.query(on: db).filter(\.$id == id).delete()
        }
        if state.data.isEmpty {
            response.cookies[Self.cookieName] = .expired
            return
        }
        let expiresAt = request.kernel.clock.now.addingTimeInterval(lifetime)
        let json = String(decoding: try JSONEncoder().encode(state.data), as: UTF8.self)
        if let id = session.loadedRecordID, !state.regenerate {
            try await WebSessionRecord.query(on: db).filter(\.$id == id)
                .set(\.$data, to: json).set(\.$expiresAt, to: expiresAt).update()
            return
        }
        let token = SecretToken.generate()
        try await WebSessionRecord(tokenHash: SecretToken.hash(token), data: json, expiresAt: expiresAt).create(on: db)
        response.cookies[Self.cookieName] = HTTPCookies.Value(
            string: token, maxAge: Int(lifetime), path: "/", isSecure: secureCookies, isHTTPOnly: true, sameSite: .lax)
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
        var session = WebSession(data: [:], recordID: nil)
        if let token = cookie(WebSessionMiddleware.cookieName), !token.isEmpty,
           let record = try await WebSessionRecord.query(on: db).filter(\.$tokenHash == SecretToken.hash(token)).first(),
           record.expiresAt > kernel.clock.now {
            let data = (try? JSONDecoder().decode([String: String].self, from: Data(record.data.utf8))) ?? [:]
            session = WebSession(data: data, recordID: record.id)
        }
        storage[WebSessionKey.self] = session
        return session
    }
}
