import Fluent
import SQLKit

/// Where each sensor hung and when (`SensorPlacement`), so a sensor can move to another
/// enclosure and leave its history behind. Every sensor there is gets one placement, from
/// the beginning, in the enclosure it is in.
struct CreateSensorPlacements: AsyncMigration {
    var name: String { "shelter.029.sensor_placements" }

    func prepare(on database: any Database) async throws {
        try await database.schema(SensorPlacement.schema)
            .id()
            .field("sensor_id", .uuid, .required, .references(Sensor.schema, "id"))
            .field("enclosure_id", .uuid, .required, .references(Enclosure.schema, "id"))
            .field("placed_at", .datetime, .required)
            .field("removed_at", .datetime)
            .field("actor_id", .uuid)
            .create()
        try await database.sql.create(index: "ix_ss_sensor_placements_enclosure").on(SensorPlacement.schema)
            .column("enclosure_id").column("sensor_id").run()
        try await database.sql.create(index: "ix_ss_sensor_placements_sensor").on(SensorPlacement.schema).column("sensor_id").run()
        for sensor in try await Sensor.query(on: database).all() {
            try await SensorPlacement(sensorID: sensor.requireID(), enclosureID: sensor.enclosureID, placedAt: SensorPlacement.beginning, by: nil)
                .create(on: database)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SensorPlacement.schema).delete()
    }
}
