import Fluent
import Kernel
import SQLKit

struct CreateProfiles: AsyncMigration {
    var name: String { "golden-ager.004.profiles" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Profile.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("role", .string, .required)
            .field("first_name", .string, .required)
            .field("last_name", .string, .required)
            .field("phone", .string, .required)
            .field("birthday", .string, .required)
            .field("city", .string, .required)
            .field("address", .string)
            .field("organisation_id", .uuid, .references(Organisation.schema, .id))
            .field("is_online", .bool, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "phone", name: "uq_ga_profiles_phone")
            .create()
        // The inbox and the board look up online volunteers by city.
        try await database.sql
            .raw("CREATE INDEX ix_ga_profiles_online_city ON ga_profiles (city, is_online, role)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Profile.schema).delete()
    }
}
