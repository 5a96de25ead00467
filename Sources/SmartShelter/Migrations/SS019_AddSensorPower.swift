import Fluent
import SQLKit

/// What a sensor device last said of itself: its battery in percent and its radio signal
/// in dBm, and the device time of the reading that carried them.
struct AddSensorPower: AsyncMigration {
    var name: String { "shelter.019.sensor_power" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(Sensor.schema).field("battery_percent", .double).update()
        try await database.schema(Sensor.schema).field("signal_dbm", .double).update()
        try await database.schema(Sensor.schema).field("power_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        for field in ["power_at", "signal_dbm", "battery_percent"] {
            try await database.schema(Sensor.schema).deleteField(.key(FieldKey(stringLiteral: field))).update()
        }
    }
}
