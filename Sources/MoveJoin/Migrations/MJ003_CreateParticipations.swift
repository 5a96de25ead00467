import Fluent
import Kernel
import SQLKit

/// Who takes part in what. The unique index makes a double join impossible.
struct CreateParticipations: AsyncMigration {
    var name: String { "movejoin.003.participations" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Participation.schema)
            .id()
            .field("event_id", .uuid, .required, .references(SportEvent.schema, .id))
            .field("account_id", .uuid, .required, .references(Account.schema, .id))
            .field("status", .string, .required)
            .field("queue_number", .int, .required)
            .field("joined_at", .datetime, .required)
            .field("promoted_at", .datetime)
            .unique(on: "event_id", "account_id", name: "uq_mj_participations_event_account")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE UNIQUE INDEX uq_mj_participations_event_queue ON mj_participations (event_id, queue_number)").run()
        try await sql.raw("CREATE INDEX ix_mj_participations_account ON mj_participations (account_id, event_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Participation.schema).delete()
    }
}
