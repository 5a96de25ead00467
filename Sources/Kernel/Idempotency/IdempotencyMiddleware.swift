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
        let keys = IdempotencyStores.store(for: request)
        switch try await keys.claim(keyed) {
        case nil:
            return try await next.respond(to: request)
        case .replay(let record):
            return Self.replay(record, to: request)
        case .proceed(let recordID):
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
            let answer = KeptAnswer(response, flash: request.storage[PendingFlashKey.self])
            try await keys.settle(recordID, with: answer, forget: changesSession)
            return response
        }
    }

    /// The key, owner and fingerprint of a request that carries a key; nil for one that
    /// does not (or that no key can cover: an API call without an account).
    static func keyedRequest(_ request: Request, app: AppDescriptor) async throws -> KeyedRequest? {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else { return nil }
        let key: String, owner: KeyedRequest.Owner
        if request.isAPIRequest {
            guard let header = request.headers.first(name: headerName) else { return nil }
            key = try validated(header)
            guard let apiOwner = try await apiOwner(of: request, in: app) else { return nil }
            owner = apiOwner
        } else {
            guard isForm(request), let browser = request.cookie(CSRFMiddleware.cookieName), !browser.isEmpty else { return nil }
            try await collectBody(request)
            guard let field = try? request.content.get(String.self, at: formField), !field.isEmpty else { return nil }
            key = try validated(field)
            owner = .scope("browser:\(SecretToken.hash(browser))")
        }
        try await collectBody(request)
        return KeyedRequest(app: app.id, owner: owner, key: key, fingerprint: fingerprint(request))
    }

    /// Whose an API key is: the account, read without signing the request in (a store's
    /// one-trip statement still signs its caller in itself). On PostgreSQL a bearer token
    /// is left to the store's claim, which reads its account in the same statement.
    static func apiOwner(of request: Request, in app: AppDescriptor) async throws -> KeyedRequest.Owner? {
        if request.kernel.state.databaseFamily == .postgres, !request.hasSignedIn(to: app), let token = request.bearerToken {
            return .bearerToken(secretHash: SecretToken.hash(token))
        }
        guard let account = try await request.apiAccountWithoutSigningIn(in: app) else { return nil }
        return .scope(KeyedRequest.scope(ofAccount: try account.requireID()))
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
    /// Whose key it is.
    enum Owner: Sendable {
        /// `account:<id>` for a signed-in API call, `browser:<hash>` for a form.
        case scope(String)
        /// An API caller not yet signed in, by their token's hash: the key's scope is the
        /// token's account (`PostgresIdempotencyKeys` reads it with the claim).
        case bearerToken(secretHash: String)
    }

    let app: String
    let owner: Owner
    let key: String
    let fingerprint: String

    static func scope(ofAccount id: UUID) -> String { "account:\(id.uuidString.lowercased())" }
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

/// The key a request holds, for a statement that does the request's work outside
/// `Database.writeTransaction` (a `Batcher`'s shared statement): the statement marks it
/// (`markSQL`) so that the mark commits with the work, as the transaction's would.
public enum HeldIdempotencyKey {
    /// The running request's key, if it holds one. Read it in the request's own task: a
    /// batch runs in the task of the call that leads it.
    public static var current: UUID? { IdempotencyClaim.current?.recordID }

    /// A data-modifying CTE, `name AS (…)`, that marks the keys `ids` (a `uuid[]`
    /// expression) as having their work committed. PostgreSQL runs it whether or not the
    /// rest of the statement reads it.
    public static func markSQL(_ name: String = "marked_keys", ids: String) -> String {
        "\(name) AS (UPDATE \(IdempotencyRecord.schema) SET work_committed = true WHERE id = ANY(\(ids)))"
    }
}
