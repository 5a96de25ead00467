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
            // A plain string, not a database enum: adding a status later needs no ALTER TYPE.
            .field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .field("claimed_by", .string)
            .field("last_error", .string)
            .field("created_at", .datetime, .required)
            .field("sent_at", .datetime)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        // The worker's question: which pending mails are due?
        try await sql.create(index: "ix_kernel_mail_outbox_due").on(MailOutboxRecord.schema)
            .column("status").column("next_attempt_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema).delete()
    }
}
