import Fluent
import SQLKit

/// A sensor may be paused (no silence alarm while it is, the clock starting afresh when it
/// is resumed: `watched_since`) and retired (its key stops working; its readings and
/// roll-ups stay in the history).
struct AddSensorLifecycle: AsyncMigration {
    var name: String { "shelter.018.sensor_lifecycle" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(Sensor.schema).field("paused_at", .datetime).update()
        try await database.schema(Sensor.schema).field("retired_at", .datetime).update()
        try await database.schema(Sensor.schema).field("watched_since", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        for field in ["watched_since", "retired_at", "paused_at"] {
            try await database.schema(Sensor.schema).deleteField(.key(FieldKey(stringLiteral: field))).update()
        }
    }
}
