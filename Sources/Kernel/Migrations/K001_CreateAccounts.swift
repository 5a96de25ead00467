import Fluent

struct CreateAccounts: AsyncMigration {
    var name: String { "kernel.001.accounts" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Account.schema)
            .id()
            .field("app", .string, .required)
            .field("login", .string, .required)
            .field("password_hash", .string, .required)
            .field("role", .string, .required)
            .field("display_name", .string, .required)
            .field("language", .string)
            .field("time_zone", .string)
            .field("deactivated_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "app", "login", name: "uq_kernel_accounts_app_login")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Account.schema).delete()
    }
}
