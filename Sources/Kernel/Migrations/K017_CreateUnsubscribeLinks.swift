import Fluent
import SQLKit

/// Mail a person may decline carries a one-click unsubscribe link (RFC 8058): the
/// outbox keeps the `List-Unsubscribe` address with the mail, and the links table whose
/// account and kind of mail each link stops (`MailUnsubscribes`).
struct CreateUnsubscribeLinks: AsyncMigration {
    var name: String { "kernel.017.unsubscribe_links" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema).field("list_unsubscribe", .string).update()
        try await database.schema(UnsubscribeLinkRecord.schema)
            .field("token_hash", .string, .identifier(auto: false))
            .field("app", .string, .required)
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("topic", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_kernel_unsubscribe_links_account").on(UnsubscribeLinkRecord.schema).column("account_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UnsubscribeLinkRecord.schema).delete()
        try await database.schema(MailOutboxRecord.schema).deleteField("list_unsubscribe").update()
    }
}
