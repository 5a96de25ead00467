import Fluent

struct CreateOrganisations: AsyncMigration {
    var name: String { "golden-ager.001.organisations" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Organisation.schema)
            .id()
            .field("name", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "name", name: "uq_ga_organisations_name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Organisation.schema).delete()
    }
}
