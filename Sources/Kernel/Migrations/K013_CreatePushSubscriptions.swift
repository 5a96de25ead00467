import Fluent
import SQLKit

/// Browsers' Web Push subscriptions, one per device (`PushSubscriptionRecord`).
struct CreatePushSubscriptions: AsyncMigration {
    var name: String { "kernel.013.push_subscriptions" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PushSubscriptionRecord.schema)
            .id()
            .field("app", .string, .required)
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("endpoint", .string, .required)
            .field("p256dh", .string, .required)
            .field("auth", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "endpoint", name: "uq_kernel_push_subscriptions_endpoint")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_kernel_push_subscriptions_account").on(PushSubscriptionRecord.schema)
            .column("app").column("account_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PushSubscriptionRecord.schema).delete()
    }
}
