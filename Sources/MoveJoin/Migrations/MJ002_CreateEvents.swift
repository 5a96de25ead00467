import Fluent
import FluentSQL
import Kernel
import SQLKit

/// Events. The CHECK constraint is the last word on capacity: whatever a service does,
/// the database refuses a row with more participants than places.
struct CreateEvents: AsyncMigration {
    var name: String { "movejoin.002.events" }

    func prepare(on database: any Database) async throws {
        try await database.schema(SportEvent.schema)
            .id()
            .field("creator_id", .uuid, .references(Account.schema, .id))
            .field("sport_type_id", .string, .required)
            .field("title", .string, .required)
            .field("description", .string, .required)
            .field("city_id", .string, .required)
            .field("venue", .string, .required)
            .field("latitude", .double)
            .field("longitude", .double)
            .field("starts_at", .datetime, .required)
            .field("duration_minutes", .int, .required)
            .field("capacity", .int, .required)
            .field("skill_level", .string, .required)
            .field("status", .string, .required)
            .field("participant_count", .int, .required)
            .field("waitlist_count", .int, .required)
            .field("next_queue_number", .int, .required)
            .field("search_text", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_mj_events_capacity CHECK (participant_count >= 0 AND participant_count <= capacity AND waitlist_count >= 0)"))
            .create()
        let sql = database.sql
        // The search: one city's scheduled events from a time on, by start (then id, the
        // page cursor's tie-break). Partial, so cancelled events cost nothing.
        try await sql.raw("""
            CREATE INDEX ix_mj_events_city_start ON mj_events (city_id, starts_at, id) WHERE status = 'scheduled'
            """).run()
        try await sql.raw("CREATE INDEX ix_mj_events_creator ON mj_events (creator_id, starts_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SportEvent.schema).delete()
    }
}
