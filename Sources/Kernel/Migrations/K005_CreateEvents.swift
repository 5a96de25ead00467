import Fluent
import SQLKit

struct CreateEvents: AsyncMigration {
    var name: String { "kernel.005.events" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StoredEvent.schema)
            .field("id", .int, .identifier(auto: true))
            .field("topic", .string, .required)
            .field("name", .string, .required)
            .field("data", .string, .required)
            .field("at", .datetime, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_kernel_events_topic_id").on(StoredEvent.schema).column("topic").column("id").run()
        try await sql.create(index: "ix_kernel_events_at").on(StoredEvent.schema).column("at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StoredEvent.schema).delete()
    }
}
