import FluentPostgresDriver
import Foundation
import NIOCore

/// The idempotency keys on PostgreSQL, with the busy path shared: an API caller's key is
/// claimed in one statement with the sign-in that names its owner, and answers are kept in
/// one statement, each for all the requests that claim or answer at the same moment
/// (`Batcher`). A keyed write then costs two shared statements beside its work, not four
/// statements of its own. Everything else — a key held by another request, a form's key,
/// an answer not kept — goes the portable way (`IdempotencyKeys`).
struct PostgresIdempotencyKeys: IdempotencyStore {
    let portable: IdempotencyKeys
    let state: ServerState

    func claim(_ keyed: KeyedRequest) async throws -> KeyClaim? {
        guard case .bearerToken(let secretHash) = keyed.owner else { return try await portable.claim(keyed) }
        let now = portable.clock.now
        let item = ClaimKeysStatement.Item(secretHash: secretHash, now: now, app: keyed.app, id: UUID(), key: keyed.key,
                                           fingerprint: keyed.fingerprint, heldUntil: now.addingTimeInterval(IdempotencyMiddleware.hold))
        let db = portable.db
        let outcome = try await batchers.claims.submit(item) { items in try await ClaimKeysStatement.run(items, on: db) }
        guard let accountID = outcome.accountID else { return nil }
        if outcome.claimed { return .proceed(item.id) }
        // Someone holds the key, or held it: find their answer, or wait for it.
        return try await portable.claim(keyed, scope: KeyedRequest.scope(ofAccount: accountID))
    }

    func settle(_ recordID: UUID, with answer: KeptAnswer?, forget: Bool) async throws {
        guard let answer, !forget else { return try await portable.settle(recordID, with: answer, forget: forget) }
        let db = portable.db
        _ = try await batchers.answers.submit(SettleKeysStatement.Item(id: recordID, answer: answer)) { items in
            try await SettleKeysStatement.run(items, on: db)
        }
    }

    /// The server's batchers of claims and answers. Like the apps' batched writes (two at a
    /// time, 32 to a batch: docs/decisions/writes-share-one-statement.md).
    private var batchers: Batchers { state.shared { Batchers() } }

    final class Batchers: Sendable {
        let claims = Batcher<ClaimKeysStatement.Item, ClaimKeysStatement.Row>(concurrency: 2, limit: 32)
        let answers = Batcher<SettleKeysStatement.Item, Bool>(concurrency: 2, limit: 32)
    }
}

/// Claims keys for many API callers at once, each signed in by its own token: caller `n`
/// takes key `$5[n]` (fingerprint `$6[n]`, new record `$4[n]`, held until `$7[n]`) for the
/// account their token `$1[n]` signs in to app `$3[n]` at `$2[n]`, unless that account
/// already has the key. A row per caller, in order: the account (NULL when the sign-in is
/// not valid: no key is taken) and whether this caller took the key. Keys are inserted in
/// (scope, key) order, so two batches waiting on each other's keys cannot deadlock.
struct ClaimKeysStatement: PostgresPreparedStatement {
    static let name = "kernel_claim_idempotency_keys"
    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[])
                WITH ORDINALITY AS i(secret_hash, now, app, id, key, fingerprint, held_until, n)),
        \(SignIn.BearerToken.sql(forEachOf: "input")),
        owner AS (
            SELECT i.*, signed_in.id AS account_id FROM input i JOIN signed_in ON signed_in.n = i.n AND signed_in.valid),
        claimed AS (
            INSERT INTO kernel_idempotency_keys (id, app, scope, key, fingerprint, created_at, held_until, work_committed)
            SELECT id, app, 'account:' || account_id::text, key, fingerprint, now, held_until, false FROM owner
            ORDER BY 'account:' || account_id::text, key
            ON CONFLICT (app, scope, key) DO NOTHING
            RETURNING id)
        SELECT i.n, owner.account_id, claimed.id IS NOT NULL
        FROM input i LEFT JOIN owner ON owner.n = i.n LEFT JOIN claimed ON claimed.id = i.id
        ORDER BY i.n
        """
    static let bindingDataTypes: [PostgresDataType] = [
        .textArray, .timestamptzArray, .textArray, .uuidArray, .textArray, .textArray, .timestamptzArray,
    ]

    struct Item: Sendable {
        let secretHash: String
        let now: Date
        let app: String
        /// The record's id, if this caller takes the key.
        let id: UUID
        let key: String
        let fingerprint: String
        let heldUntil: Date
    }

    struct Row: Sendable {
        let index: Int
        /// The token's account, while its sign-in is valid.
        let accountID: UUID?
        let claimed: Bool
    }

    let items: [Item]

    /// A row per item, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [Row] {
        try BatchRows.grouped(try await db.preparedRows(Self(items: items)), items: items.count, index: \.index).map { rows in
            guard rows.count == 1 else { throw BatchError.outcomeCount(rows.count, 1) }
            return rows[0]
        }
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.id))
        bindings.append(items.map(\.key))
        bindings.append(items.map(\.fingerprint))
        bindings.append(items.map(\.heldUntil))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = PostgresColumns(row)
        return Row(index: try cells.next(Int.self) - 1, accountID: try cells.next(), claimed: try cells.next())
    }
}

/// Keeps the answers of many requests at once: key `$1[n]` gets status `$2[n]`, the
/// content type and location `$3[n]`, `$4[n]` (empty: none), body `$5[n]` and flash
/// message `$6[n]` (empty: none), and is no longer held. Returns the ids it answered.
struct SettleKeysStatement: PostgresPreparedStatement {
    static let name = "kernel_settle_idempotency_keys"
    static let sql = """
        UPDATE kernel_idempotency_keys k
        SET status = u.status, held_until = NULL, content_type = NULLIF(u.content_type, ''),
            location = NULLIF(u.location, ''), body = u.body, flash = NULLIF(u.flash, '')
        FROM unnest($1::uuid[], $2::int8[], $3::text[], $4::text[], $5::bytea[], $6::text[])
            AS u(id, status, content_type, location, body, flash)
        WHERE k.id = u.id
        RETURNING k.id
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuidArray, .int8Array, .textArray, .textArray, .byteaArray, .textArray]

    struct Item: Sendable {
        let id: UUID
        let answer: KeptAnswer
    }

    typealias Row = UUID

    let items: [Item]

    /// Whether each item's key was there to answer, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [Bool] {
        let answered = Set(try await db.preparedRows(Self(items: items)))
        return items.map { answered.contains($0.id) }
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(items.map(\.id))
        bindings.append(items.map { Int64($0.answer.status) })
        bindings.append(items.map { $0.answer.contentType ?? "" })
        bindings.append(items.map { $0.answer.location ?? "" })
        bindings.append(items.map(\.answer.body))
        bindings.append(items.map { $0.answer.flash ?? "" })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> UUID {
        try row.decode(UUID.self)
    }
}
