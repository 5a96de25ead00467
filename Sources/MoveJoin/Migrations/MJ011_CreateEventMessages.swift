import Fluent
import Kernel
import SQLKit

/// Short messages on an event's page: questions from the people in it, answers and news
/// from its organiser (`EventMessage`).
struct CreateEventMessages: AsyncMigration {
    var name: String { "movejoin.011.event-messages" }

    func prepare(on database: any Database) async throws {
        try await database.schema(EventMessage.schema)
            .id()
            .field("event_id", .uuid, .required, .references(SportEvent.schema, .id, onDelete: .cascade))
            .field("account_id", .uuid, .references(Account.schema, .id, onDelete: .setNull))
            .field("author_name", .string, .required)
            .field("body", .string, .required)
            .field("by_organiser", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("removed_at", .datetime)
            .create()
        try await database.sql.create(index: "ix_mj_event_messages_event").on(EventMessage.schema).column("event_id").column("created_at").run()
        // The rate limit counts one person's newest messages.
        try await database.sql.create(index: "ix_mj_event_messages_author").on(EventMessage.schema).column("account_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(EventMessage.schema).delete()
    }
}
