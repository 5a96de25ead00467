import FluentPostgresDriver
import Foundation
import Kernel

/// Finishes activities for many API callers at once (`ActivityService.complete(_:as:caller:)`,
/// in batches of `Batcher`), each signed in by its own token: caller `n` marks their
/// activity `$4[n]` as `$5[n]` at `$2[n]` (`done` only once it has started) when it is still
/// planned, and reads it as it was before, as a view; a row for each caller whose token is
/// known. `changed` tells whether this caller's call changed it: of any number of calls for
/// one activity, in one batch or in several at once, one does (a row is updated once per
/// statement, and the update re-checks the status it waited for). The callers'
/// idempotency keys `$6` are marked with the work.
struct CompleteActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_complete_activities"
    static let sql = SignedInSQL.batch(name, input: """
        input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[])
                WITH ORDINALITY AS i(secret_hash, now, app, activity_id, new_status, n))
        """, forEachOf: "input") { caller in
        """
        ,
        target AS (
            SELECT i.n, i.now, i.new_status, a.* FROM input i
            JOIN signed_in ON signed_in.n = i.n AND \(caller.valid)
            JOIN fx_activities a ON a.id = i.activity_id AND a.owner_id = \(caller.accountID) AND a.deleted_at IS NULL),
        changed AS (
            UPDATE fx_activities a SET status = target.new_status, updated_at = target.now
            FROM target WHERE a.id = target.id AND a.status = 'planned' AND (target.new_status <> 'done' OR a.starts_at <= target.now)
            RETURNING target.n),
        \(HeldIdempotencyKey.markSQL(ids: "$6::uuid[]"))
        SELECT i.n, \(caller.columns), EXISTS (SELECT 1 FROM changed WHERE changed.n = i.n), \(OneTripColumns.view("target"))
        FROM input i
        JOIN signed_in ON signed_in.n = i.n
        LEFT JOIN target ON target.n = i.n
        \(OneTripColumns.viewJoins("target"))
        """
    }
    static let bindingDataTypes: [PostgresDataType] = [.textArray, .timestamptzArray, .textArray, .uuidArray, .textArray, .uuidArray]

    /// One caller's finishing.
    struct Item: Sendable {
        let secretHash: String
        let app: String
        let now: Date
        let id: UUID
        let status: ActivityStatus
        /// The caller's idempotency key, marked with the work (`HeldIdempotencyKey`).
        var heldKey: UUID? = nil
    }

    struct Row: Sendable {
        /// The caller's place in the batch, from 0.
        let index: Int
        let signIn: SignIn
        let changed: Bool
        let view: ActivityView?
    }

    let items: [Item]

    /// The rows of each item, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [[Row]] {
        try BatchRows.grouped(try await db.preparedRows(Self(items: items)), items: items.count, index: \.index)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.id))
        bindings.append(items.map(\.status.rawValue))
        bindings.append(items.compactMap(\.heldKey))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return Row(index: try cells.next(Int.self) - 1, signIn: try SignIn.decode(&cells), changed: try cells.next(Bool.self),
                   view: try cells.activityView())
    }
}
