import Fluent
import SQLKit

/// Enclosures and their target conditions; the ranges are held by the database too.
struct CreateEnclosures: AsyncMigration {
    var name: String { "shelter.002.enclosures" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Enclosure.schema)
            .id()
            .field("name", .string, .required)
            .field("description", .string, .required)
            .field("min_temperature", .double, .required)
            .field("max_temperature", .double, .required)
            .field("min_humidity", .double, .required)
            .field("max_humidity", .double, .required)
            .field("min_water", .double, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "name", name: "uq_ss_enclosures_name")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_enclosures_ranges CHECK (min_temperature < max_temperature AND min_humidity < max_humidity AND min_humidity >= 0 AND max_humidity <= 100 AND min_water BETWEEN 0 AND 100)"))
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Enclosure.schema).delete()
    }
}
