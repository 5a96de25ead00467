import Fluent

struct CreateAPITokens: AsyncMigration {
    var name: String { "kernel.003.api_tokens" }

    func prepare(on database: any Database) async throws {
        try await database.schema(APIToken.schema)
            .id()
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_kernel_api_tokens_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(APIToken.schema).delete()
    }
}
