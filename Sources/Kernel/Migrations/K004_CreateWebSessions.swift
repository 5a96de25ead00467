import Fluent

struct CreateWebSessions: AsyncMigration {
    var name: String { "kernel.004.web_sessions" }

    func prepare(on database: any Database) async throws {
        try await database.schema(WebSessionRecord.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("data", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_kernel_web_sessions_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WebSessionRecord.schema).delete()
    }
}
