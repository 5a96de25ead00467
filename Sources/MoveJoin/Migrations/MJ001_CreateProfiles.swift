import Fluent
import Kernel

struct CreateProfiles: AsyncMigration {
    var name: String { "movejoin.001.profiles" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MoveJoinProfile.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("name", .string, .required)
            .field("surname", .string, .required)
            .field("city_id", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MoveJoinProfile.schema).delete()
    }
}
