import Fluent
import SQLKit

/// Notifications on their way to a subscription (`PushOutboxRecord`, an `Outbox`).
struct CreatePushOutbox: AsyncMigration {
    var name: String { "kernel.014.push_outbox" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PushOutboxRecord.schema)
            .id()
            .field("subscription_id", .uuid, .required, .references(PushSubscriptionRecord.schema, .id, onDelete: .cascade))
            .field("payload", .string, .required)
            .field("ttl", .int, .required)
            .field("urgency", .string, .required)
            .outboxFields()
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.createOutboxIndex("ix_kernel_push_outbox_due", on: PushOutboxRecord.schema)
        try await sql.create(index: "ix_kernel_push_outbox_subscription").on(PushOutboxRecord.schema).column("subscription_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PushOutboxRecord.schema).delete()
    }
}
