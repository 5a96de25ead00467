import Fluent

struct CreatePasswordResets: AsyncMigration {
    var name: String { "kernel.011.password_resets" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordResetRecord.schema)
            .id()
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("secret_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("failed_attempts", .int, .required)
            .field("issued_by", .uuid)
            .unique(on: "secret_hash", name: "uq_kernel_password_resets_secret")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasswordResetRecord.schema).delete()
    }
}
