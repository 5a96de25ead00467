import Fluent
import Kernel

/// A profile per account: the temperature unit.
struct CreateProfiles: AsyncMigration {
    var name: String { "shelter.001.profiles" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ShelterProfile.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("temperature_unit", .string, .required)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_profiles_unit CHECK (temperature_unit IN ('c', 'f'))"))
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ShelterProfile.schema).delete()
    }
}
