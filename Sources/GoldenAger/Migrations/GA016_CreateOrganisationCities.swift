import Fluent
import SQLKit

/// The cities an organisation serves (the seed ties a partner organisation to the
/// pensioner's city): a volunteer joins only in one of them. An organisation that already
/// has people serves the cities they are in; one without anyone serves none until an
/// administrator says which.
struct CreateOrganisationCities: AsyncMigration {
    var name: String { "golden-ager.016.organisation-cities" }

    func prepare(on database: any Database) async throws {
        try await database.schema(OrganisationCities.schema)
            .field("organisation_id", .uuid, .required, .references(Organisation.schema, .id, onDelete: .cascade))
            .field("city", .string, .required)
            .compositeIdentifier(over: "organisation_id", "city")
            .create()
        try await database.sql.raw("""
            INSERT INTO ga_organisation_cities (organisation_id, city)
            SELECT DISTINCT organisation_id, city FROM ga_profiles WHERE organisation_id IS NOT NULL
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OrganisationCities.schema).delete()
    }
}
