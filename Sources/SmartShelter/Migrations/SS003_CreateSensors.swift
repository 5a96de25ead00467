import Fluent
import SQLKit

/// Sensors, each in an enclosure and with its own key (a SHA-256 hash: the key is 256
/// random bits, so a slow hash would add nothing but cost on every reading).
struct CreateSensors: AsyncMigration {
    var name: String { "shelter.003.sensors" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Sensor.schema)
            .id()
            .field("enclosure_id", .uuid, .required, .references(Enclosure.schema, .id))
            .field("name", .string, .required)
            .field("key_hash", .string, .required)
            .field("interval_seconds", .int, .required)
            .field("key_issued_at", .datetime, .required)
            .field("last_reading_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "key_hash", name: "uq_ss_sensors_key")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_sensors_interval CHECK (interval_seconds BETWEEN 10 AND 86400)"))
            .create()
        try await database.sql.create(index: "ix_ss_sensors_enclosure").on(Sensor.schema).column("enclosure_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Sensor.schema).delete()
    }
}
