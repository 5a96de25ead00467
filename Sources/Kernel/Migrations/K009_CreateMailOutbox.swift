import Fluent
import SQLKit

struct CreateMailOutbox: AsyncMigration {
    var name: String { "kernel.009.mail_outbox" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema)
            .id()
            .field("recipient", .string, .required)
            .field("subject", .string, .required)
            .field("text_body", .string, .required)
            .field("html_body", .string, .required)
            .field("message_id", .string, .required)
            .outboxFields()
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.createOutboxIndex("ix_kernel_mail_outbox_due", on: MailOutboxRecord.schema)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema).delete()
    }
}
