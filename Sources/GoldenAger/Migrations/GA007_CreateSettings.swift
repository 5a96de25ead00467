import Fluent

struct CreateSettings: AsyncMigration {
    var name: String { "golden-ager.007.settings" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Setting.schema)
            .field("key", .string, .identifier(auto: false))
            .field("value", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Setting.schema).delete()
    }
}
