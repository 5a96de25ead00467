import Fluent
import SQLKit

struct CreateLoginFailures: AsyncMigration {
    var name: String { "kernel.002.login_failures" }

    func prepare(on database: any Database) async throws {
        try await database.schema(LoginAttempt.schema)
            .id()
            .field("app", .string, .required)
            .field("identifier", .string, .required)
            .field("address", .string, .required)
            .field("at", .datetime, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_login_failures_identifier").on(LoginAttempt.schema).column("app").column("identifier").column("at").run()
        try await sql.create(index: "ix_login_failures_address").on(LoginAttempt.schema).column("app").column("address").column("at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginAttempt.schema).delete()
    }
}
