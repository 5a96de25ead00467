import Fluent
import Foundation
import SQLKit
import Vapor

/// Where a server keeps its idempotency keys: `IdempotencyKeys` on any database; on
/// PostgreSQL, `PostgresIdempotencyKeys`, whose keyed requests share statements. Chosen
/// once per server by its database, like every fast path (`IdempotencyStores.store`).
protocol IdempotencyStore: Sendable {
    /// Takes the key, or finds the first request's answer (waiting for it while that
    /// request holds the key). Nil when no key covers the request: its bearer token signs
    /// no one in (its handler answers the 401). Throws 422 for the same key with another
    /// request, 409 when the first request's answer cannot be had.
    func claim(_ keyed: KeyedRequest) async throws -> KeyClaim?

    /// Keeps `answer` for the key `recordID` the request held. Without an answer worth
    /// repeating (nil), or with `forget`, the key is let go instead, so a retry does the
    /// work — unless the work had committed, when the key stays to refuse it.
    func settle(_ recordID: UUID, with answer: KeptAnswer?, forget: Bool) async throws
}

enum IdempotencyStores {
    /// The store for `request`'s server.
    static func store(for request: Request) -> any IdempotencyStore {
        let portable = IdempotencyKeys(db: request.db, clock: request.kernel.clock)
        guard request.kernel.state.databaseFamily == .postgres else { return portable }
        return PostgresIdempotencyKeys(portable: portable, state: request.kernel.state)
    }
}

/// What a claim found.
enum KeyClaim: Sendable {
    /// This request holds the key (the record's id): do the work.
    case proceed(UUID)
    /// The key was answered: give that answer.
    case replay(IdempotencyRecord)
}

/// An answer worth giving again: below 500, not a 429, and at most
/// `IdempotencyMiddleware.largestKeptBody` long.
struct KeptAnswer: Sendable {
    let status: Int
    let contentType: String?
    let location: String?
    let body: ByteBuffer
    /// A web answer's flash message, as JSON.
    let flash: String?

    init?(_ response: Response, flash: Flash.Message?) {
        let status = Int(response.status.code)
        let body = response.body.buffer ?? response.body.data.map { ByteBuffer(data: $0) } ?? ByteBuffer()
        guard status < 500, status != 429, body.readableBytes <= IdempotencyMiddleware.largestKeptBody else { return nil }
        self.status = status
        self.contentType = response.headers.first(name: .contentType)
        self.location = response.headers.first(name: .location)
        self.body = body
        self.flash = flash.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The keys in the database, one statement at a time (any database): who holds one, and
/// the answers kept.
struct IdempotencyKeys: IdempotencyStore {
    let db: any Database
    let clock: any WallClock

    func claim(_ keyed: KeyedRequest) async throws -> KeyClaim? {
        guard case .scope(let scope) = keyed.owner else {
            preconditionFailure("Only PostgresIdempotencyKeys signs a bearer token in itself")
        }
        return try await claim(keyed, scope: scope)
    }

    /// `claim(_:)` for a key of `scope`.
    func claim(_ keyed: KeyedRequest, scope: String) async throws -> KeyClaim {
        var pause: UInt64 = 20_000_000
        while true {
            let now = clock.now
            let record = IdempotencyRecord(app: keyed.app, scope: scope, key: keyed.key, fingerprint: keyed.fingerprint,
                                           createdAt: now, heldUntil: now.addingTimeInterval(IdempotencyMiddleware.hold))
            do {
                try await record.create(on: db)
                return .proceed(try record.requireID())
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Another request has the key: see below.
            }
            guard let existing = try await find(keyed, scope: scope) else { continue }   // gone meanwhile: try again
            guard existing.fingerprint == keyed.fingerprint else {
                throw AppError(.unprocessableEntity, code: "idempotency_key_reused", key: "error.idempotency_key_reused")
            }
            if existing.createdAt < now.addingTimeInterval(-IdempotencyMiddleware.retention) {
                try await existing.delete(on: db)   // expired, not yet cleared: a new request
                continue
            }
            if existing.isAnswered { return .replay(existing) }
            // Unanswered and no longer held: its server stopped mid-request, or it ended
            // in an answer not kept. Done again only when its work did not commit.
            if let held = existing.heldUntil, held <= now, !existing.workCommitted, try await takeOver(existing, heldUntil: held) {
                return .proceed(try existing.requireID())
            }
            // Still held: the first request runs (on a busy server, for a while). Wait for it.
            guard let held = existing.heldUntil, held > now else { throw Self.inUse }
            try await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 250_000_000)
        }
    }

    static let inUse = AppError(.conflict, code: "idempotency_key_in_use", key: "error.idempotency_key_in_use", headers: ["Retry-After": "5"])

    func settle(_ recordID: UUID, with answer: KeptAnswer?, forget: Bool) async throws {
        guard let answer, !forget else {
            var delete = db.sql.delete(from: IdempotencyRecord.schema).where("id", .equal, SQLBind(recordID))
            if !forget { delete = delete.where("work_committed", .equal, SQLBind(false)) }
            try await delete.run()
            // Still there: its work committed. Not held any more, so a repeat hears at once
            // that it cannot be answered, rather than waiting.
            try await db.sql.update(IdempotencyRecord.schema).set("held_until", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(recordID)).run()
            return
        }
        try await db.sql.update(IdempotencyRecord.schema)
            .set("status", to: SQLBind(answer.status))
            .set("held_until", to: SQLLiteral.null)
            .set("content_type", to: SQLBind(answer.contentType))
            .set("location", to: SQLBind(answer.location))
            .set("body", to: SQLBind(Data(answer.body.readableBytesView)))
            .set("flash", to: SQLBind(answer.flash))
            .where("id", .equal, SQLBind(recordID)).run()
    }

    private func find(_ keyed: KeyedRequest, scope: String) async throws -> IdempotencyRecord? {
        try await IdempotencyRecord.query(on: db).filter(\.$app == keyed.app).filter(\.$scope == scope)
            .filter(\.$key == keyed.key).first()
    }

    /// A request whose server stopped before it answered, and before its work committed:
    /// this one takes the key over (one of several trying does: the update is conditional).
    private func takeOver(_ record: IdempotencyRecord, heldUntil: Date) async throws -> Bool {
        let until = clock.now.addingTimeInterval(IdempotencyMiddleware.hold)
        let taken = try await db.sql.update(IdempotencyRecord.schema).set("held_until", to: SQLBind(until))
            .where("id", .equal, SQLBind(try record.requireID())).where("held_until", .equal, SQLBind(heldUntil))
            .where("work_committed", .equal, SQLBind(false)).where("status", .is, SQLLiteral.null)
            .returning("id").all()
        return !taken.isEmpty
    }
}
