import Crypto
import Fluent
import SQLKit
import Foundation
import Vapor

/// A retried request is done once. A client that may send a change twice — a phone on a
/// flaky network retrying, a double tap — names the attempt with a key: the API header
/// `Idempotency-Key` (the IETF httpapi draft) on a signed-in POST, PUT, PATCH or DELETE,
/// or the one-time field `_once` that `app.js` adds to every form. The first request with
/// a key does the work; a repeat within `retention` from the same account (API) or the
/// same browser (forms) gets the first answer again (`Idempotent-Replayed: true`), and
/// the same key with another request is a 422. See docs/decisions/idempotency.md.
///
/// The keys live in the database (`kernel_idempotency_keys`), so this holds across server
/// instances and restarts; a unique index decides which of several requests sent at once
/// does the work, and the others wait for its answer. Mounted on every app's routes.
struct IdempotencyMiddleware: AsyncMiddleware {
    static let headerName = "Idempotency-Key"
    static let formField = "_once"
    static let replayedHeader = "Idempotent-Replayed"
    /// How long a key answers with its first answer.
    static let retention: TimeInterval = 24 * 3600
    /// How long the first request holds its key; a server that stopped mid-request lets
    /// go this long after. A repeat waits for the answer as long as the key is held.
    static let hold: TimeInterval = 60
    /// Answers larger than this are not kept (a repeat then gets a 409).
    static let largestKeptBody = 1 << 20

    let app: AppDescriptor

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let keyed = try await Self.keyedRequest(request, app: app) else {
            return try await next.respond(to: request)
        }
        let keys = IdempotencyKeys(db: request.db, clock: request.kernel.clock)
        switch try await keys.claim(keyed) {
        case .replay(let record):
            return Self.replay(record, to: request)
        case .proceed(let record):
            let recordID = try record.requireID()
            let response: Response
            do {
                response = try await IdempotencyClaim.$current.withValue(IdempotencyClaim(recordID: recordID)) {
                    try await next.respond(to: request)
                }
            } catch {
                response = KernelErrorMiddleware.answer(for: error, request: request)
            }
            // An answer that signs a browser in or out carries its session in a cookie, which
            // is not kept (a credential at rest): such a request is not repeated but done again.
            let changesSession = request.storage[WebSessionKey.self]?.snapshot.changed ?? false
            try await keys.settle(recordID, with: response, flash: request.storage[PendingFlashKey.self], forget: changesSession)
            return response
        }
    }

    /// The key, scope and fingerprint of a request that carries a key; nil for one that
    /// does not (or that no key can cover: an API call without an account).
    static func keyedRequest(_ request: Request, app: AppDescriptor) async throws -> KeyedRequest? {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else { return nil }
        let key: String, scope: String
        if request.isAPIRequest {
            guard let header = request.headers.first(name: headerName) else { return nil }
            key = try validated(header)
            guard let account = try await request.apiAccountWithoutSigningIn(in: app) else { return nil }
            scope = "account:\(try account.requireID().uuidString.lowercased())"
        } else {
            guard isForm(request), let browser = request.cookie(CSRFMiddleware.cookieName), !browser.isEmpty else { return nil }
            try await collectBody(request)
            guard let field = try? request.content.get(String.self, at: formField), !field.isEmpty else { return nil }
            key = try validated(field)
            scope = "browser:\(SecretToken.hash(browser))"
        }
        try await collectBody(request)
        return KeyedRequest(app: app.id, scope: scope, key: key, fingerprint: fingerprint(request))
    }

    /// 1 to 255 visible ASCII characters (a UUID is the usual choice).
    static func validated(_ key: String) throws -> String {
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw AppError(.badRequest, code: "invalid_idempotency_key", key: "error.idempotency_key_invalid")
        }
        return key
    }

    static func isForm(_ request: Request) -> Bool {
        guard let type = request.headers.contentType else { return false }
        return type == .urlEncodedForm || type == .formData
    }

    static func collectBody(_ request: Request) async throws {
        if request.body.data == nil {
            _ = try await request.body.collect(max: request.application.routes.defaultMaxBodySize.value).get()
        }
    }

    /// The method, the address and the body: what a true repeat repeats exactly. A form's
    /// fields count in any order (they are the same form).
    static func fingerprint(_ request: Request) -> String {
        var hash = SHA256()
        hash.update(data: Data("\(request.method.rawValue) \(request.url.string)\n".utf8))
        if let body = request.body.data {
            if request.headers.contentType == .urlEncodedForm {
                let fields = String(buffer: body).split(separator: "&").sorted().joined(separator: "&")
                hash.update(data: Data(fields.utf8))
            } else {
                hash.update(data: Data(body.readableBytesView))
            }
        }
        return SecretToken.hex(hash.finalize())
    }

    /// The first answer again.
    static func replay(_ record: IdempotencyRecord, to request: Request) -> Response {
        var headers = HTTPHeaders()
        if let type = record.contentType { headers.replaceOrAdd(name: .contentType, value: type) }
        if let location = record.location { headers.replaceOrAdd(name: .location, value: location) }
        headers.replaceOrAdd(name: replayedHeader, value: "true")
        if let flash = record.flash, let message = try? JSONDecoder().decode(Flash.Message.self, from: Data(flash.utf8)) {
            request.storage[PendingFlashKey.self] = message
        }
        let body = record.body.map { Response.Body(data: $0) } ?? .empty
        return Response(status: HTTPResponseStatus(statusCode: record.status ?? 200), headers: headers, body: body)
    }
}

/// A request that carries an idempotency key.
struct KeyedRequest: Sendable {
    let app: String
    let scope: String
    let key: String
    let fingerprint: String
}

/// The key a request holds while it runs: `Database.writeTransaction` marks it in the
/// transaction of the work (`markWork`), so the key says whether the work committed.
final class IdempotencyClaim: Sendable {
    @TaskLocal static var current: IdempotencyClaim?

    let recordID: UUID

    init(recordID: UUID) { self.recordID = recordID }

    /// Marks the key `claim` (the running request's, read as `current` before the
    /// transaction started: Fluent runs a transaction's body in a task of its own, which
    /// does not see task-locals) as having work committed, in `db`'s transaction: the mark
    /// commits with the work or not at all. Nothing when no key is held.
    static func markWork(_ claim: IdempotencyClaim?, on db: any Database) async throws {
        guard let claim else { return }
        try await db.sql.update(IdempotencyRecord.schema).set("work_committed", to: SQLBind(true))
            .where("id", .equal, SQLBind(claim.recordID)).run()
    }
}

/// The keys in the database: who holds one, and the answers kept.
struct IdempotencyKeys {
    let db: any Database
    let clock: any WallClock

    enum Claim {
        /// This request holds the key: do the work.
        case proceed(IdempotencyRecord)
        /// The key was answered: give that answer.
        case replay(IdempotencyRecord)
    }

    /// Takes the key, or finds the first request's answer (waiting for it while that
    /// request holds the key). Throws 422 for the same key with another request, 409 when the first
    /// request's answer cannot be had.
    func claim(_ keyed: KeyedRequest) async throws -> Claim {
        var pause: UInt64 = 20_000_000
        while true {
            let now = clock.now
            let record = IdempotencyRecord(app: keyed.app, scope: keyed.scope, key: keyed.key, fingerprint: keyed.fingerprint,
                                           createdAt: now, heldUntil: now.addingTimeInterval(IdempotencyMiddleware.hold))
            do {
                try await record.create(on: db)
                return .proceed(record)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Another request has the key: see below.
            }
            guard let existing = try await find(keyed) else { continue }   // gone meanwhile: try again
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
                return .proceed(existing)
            }
            // Still held: the first request runs (on a busy server, for a while). Wait for it.
            guard let held = existing.heldUntil, held > now else { throw Self.inUse }
            try await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 250_000_000)
        }
    }

    static let inUse = AppError(.conflict, code: "idempotency_key_in_use", key: "error.idempotency_key_in_use", headers: ["Retry-After": "5"])

    /// Keeps the answer to a request that held the key. An answer not worth repeating (a
    /// server fault, 429, or one too large to keep) lets the key go instead, so a retry
    /// does the work — unless the work had committed, when the key stays to refuse it.
    /// `forget`: let the key go even when the work committed.
    func settle(_ recordID: UUID, with response: Response, flash: Flash.Message?, forget: Bool = false) async throws {
        let status = Int(response.status.code)
        let body = response.body.buffer.map { Data($0.readableBytesView) } ?? response.body.data
        let keep = status < 500 && status != 429 && (body?.count ?? 0) <= IdempotencyMiddleware.largestKeptBody
        guard keep, !forget else {
            var delete = db.sql.delete(from: IdempotencyRecord.schema).where("id", .equal, SQLBind(recordID))
            if !forget { delete = delete.where("work_committed", .equal, SQLBind(false)) }
            try await delete.run()
            // Still there: its work committed. Not held any more, so a repeat hears at once
            // that it cannot be answered, rather than waiting.
            try await db.sql.update(IdempotencyRecord.schema).set("held_until", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(recordID)).run()
            return
        }
        var update = db.sql.update(IdempotencyRecord.schema)
            .set("status", to: SQLBind(status))
            .set("held_until", to: SQLLiteral.null)
            .set("content_type", to: SQLBind(response.headers.first(name: .contentType)))
            .set("location", to: SQLBind(response.headers.first(name: .location)))
            .set("body", to: SQLBind(body ?? Data()))
        if let flash, let encoded = try? JSONEncoder().encode(flash) {
            update = update.set("flash", to: SQLBind(String(decoding: encoded, as: UTF8.self)))
        }
        try await update.where("id", .equal, SQLBind(recordID)).run()
    }

    private func find(_ keyed: KeyedRequest) async throws -> IdempotencyRecord? {
        try await IdempotencyRecord.query(on: db).filter(\.$app == keyed.app).filter(\.$scope == keyed.scope)
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
