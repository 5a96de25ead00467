import FluentPostgresDriver
import Foundation
import Kernel

/// Adds activities for many API callers at once (`ActivityService.create(_:caller:)`, in
/// batches of `Batcher`), each signed in by its own token: caller `n` adds activity `$5[n]`
/// in category `$4[n]` (built-in, or the caller's own) from `$7[n]` to `$8[n]` with
/// description `$6[n]`, at `$2[n]`, with the reminders of `$9`–`$13` whose number is `n`
/// (ids, minutes before or -1, moments, firing times), and marks the callers' idempotency
/// keys `$14` with the work. It reads, per caller, the sign-in,
/// the category and, as views, the caller's other activities the new one overlaps (skipped
/// ones aside; what this statement adds is not yet visible to its reads): a row per
/// overlap, or one without; none for a caller whose token is unknown.
/// Nothing is written for a caller whose sign-in is not valid or whose category is not theirs to use.
struct CreateActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_create_activities"
    static let sql = SignedInSQL.batch(name, input: """
        input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[], $8::timestamptz[])
                WITH ORDINALITY AS i(secret_hash, now, app, category_id, id, description, starts_at, ends_at, n))
        """, forEachOf: "input") { caller in
        """
        ,
        accepted AS (
            SELECT i.n, i.id, \(caller.accountID) AS owner_id, c.id AS category_id, i.description, i.starts_at, i.ends_at, i.now
            FROM input i JOIN signed_in ON signed_in.n = i.n AND \(caller.valid)
            JOIN fx_categories c ON c.id = i.category_id AND (c.owner_id IS NULL OR c.owner_id = \(caller.accountID))),
        inserted AS (
            INSERT INTO fx_activities (\(OneTripColumns.activity))
            SELECT id, owner_id, category_id, description, starts_at, ends_at, 'planned', NULL, NULL, NULL, now, now FROM accepted
            RETURNING id, owner_id),
        reminders AS (
            INSERT INTO fx_reminders (id, activity_id, owner_id, minutes_before, remind_at, fires_at, pushed_at)
            SELECT r.id, inserted.id, inserted.owner_id, NULLIF(r.minutes_before, -1),
                   CASE WHEN r.minutes_before = -1 THEN r.remind_at END, r.fires_at, NULL
            FROM unnest($9::bigint[], $10::uuid[], $11::bigint[], $12::timestamptz[], $13::timestamptz[]) AS r(n, id, minutes_before, remind_at, fires_at)
            JOIN accepted ON accepted.n = r.n JOIN inserted ON inserted.id = accepted.id),
        \(HeldIdempotencyKey.markSQL(ids: "$14::uuid[]"))
        SELECT i.n, \(caller.columns), \(OneTripColumns.prefixed(OneTripColumns.category, "category")),
               \(OneTripColumns.view("o"))
        FROM input i
        JOIN signed_in ON signed_in.n = i.n
        LEFT JOIN accepted ON accepted.n = i.n
        LEFT JOIN fx_categories category ON category.id = accepted.category_id
        LEFT JOIN LATERAL (
            SELECT a.* FROM fx_activities a
            WHERE a.owner_id = \(caller.accountID) AND \(caller.valid) AND a.deleted_at IS NULL AND a.status <> 'skipped'
              AND a.starts_at < i.ends_at AND a.starts_at > i.starts_at - interval '1 day' AND a.ends_at > i.starts_at) o ON true
        \(OneTripColumns.viewJoins("o"))
        ORDER BY i.n, o.starts_at, o.id
        """
    }
    static let bindingDataTypes: [PostgresDataType] = [
        .textArray, .timestamptzArray, .textArray, .uuidArray, .uuidArray, .textArray, .timestamptzArray, .timestamptzArray,
        .int8Array, .uuidArray, .int8Array, .timestamptzArray, .timestamptzArray, .uuidArray,
    ]

    /// One caller's new activity.
    struct Item: Sendable {
        let secretHash: String
        let app: String
        let now: Date
        let id: UUID
        let categoryID: UUID
        let details: String
        let startsAt: Date
        let endsAt: Date
        /// Each reminder's id and timing, in firing order.
        let reminders: [(id: UUID, timing: ReminderTiming)]
        /// The caller's idempotency key, marked with the work (`HeldIdempotencyKey`).
        var heldKey: UUID? = nil
    }

    struct Row: Sendable {
        /// The caller's place in the batch, from 0.
        let index: Int
        let signIn: SignIn
        let category: RestCategory?
        let overlap: ActivityView?
    }

    let items: [Item]

    /// The rows of each item, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [[Row]] {
        try BatchRows.grouped(try await db.preparedRows(Self(items: items)), items: items.count, index: \.index)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 14)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.categoryID))
        bindings.append(items.map(\.id))
        bindings.append(items.map(\.details))
        bindings.append(items.map(\.startsAt))
        bindings.append(items.map(\.endsAt))
        let reminders = items.enumerated().flatMap { number, item in item.reminders.map { (n: number + 1, item: item, reminder: $0) } }
        bindings.append(reminders.map(\.n))
        bindings.append(reminders.map(\.reminder.id))
        bindings.append(reminders.map { if case .minutesBefore(let minutes) = $0.reminder.timing { minutes } else { -1 } })
        bindings.append(reminders.map { if case .at(let moment) = $0.reminder.timing { moment } else { $0.item.startsAt } })
        bindings.append(reminders.map { $0.reminder.timing.firesAt(start: $0.item.startsAt) })
        bindings.append(items.compactMap(\.heldKey))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return Row(index: try cells.next(Int.self) - 1, signIn: try SignIn.decode(&cells), category: try cells.category(),
                   overlap: try cells.activityView())
    }
}
