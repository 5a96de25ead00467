import Fluent
import SQLKit

/// Idempotency keys and the answers they got (`IdempotencyMiddleware`). The unique index
/// decides which of several requests with one key does the work.
struct CreateIdempotencyKeys: AsyncMigration {
    var name: String { "kernel.016.idempotency_keys" }

    func prepare(on database: any Database) async throws {
        try await database.schema(IdempotencyRecord.schema)
            .id()
            .field("app", .string, .required)
            .field("scope", .string, .required)
            .field("key", .string, .required)
            .field("fingerprint", .string, .required)
            .field("created_at", .datetime, .required)
            .field("held_until", .datetime)
            .field("work_committed", .bool, .required)
            .field("status", .int)
            .field("content_type", .string)
            .field("location", .string)
            .field("flash", .string)
            .field("body", .data)
            .unique(on: "app", "scope", "key", name: "uq_idempotency_keys")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_idempotency_keys_created").on(IdempotencyRecord.schema).column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(IdempotencyRecord.schema).delete()
    }
}
