import Fluent

/// When a person last typed their password again on one credential (`PasswordConfirmations`).
struct CreatePasswordConfirmations: AsyncMigration {
    var name: String { "kernel.015.password_confirmations" }

    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordConfirmationRecord.schema)
            .field("credential_hash", .string, .identifier(auto: false))
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("confirmed_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasswordConfirmationRecord.schema).delete()
    }
}
