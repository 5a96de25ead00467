import Fluent
import SQLKit

/// On PostgreSQL, readings no longer have PostgreSQL check their sensor on every insert.
///
/// The foreign key's check (a query per row, run after the statement) was nearly half of
/// PostgreSQL's CPU for a batch of readings: the sensors' rows, whose newest time each
/// request moves on, were scanned for each reading (bench/RESULTS.md, issue 20). What the
/// key guarded is kept by construction: every writer of readings holds its sensor's row
/// locked in the same transaction (`StoreReadingsStatement`, `ReadingService`), and sensors
/// are never deleted (a feature that deletes one must take its readings and roll-ups with
/// it). SQLite keeps the key: its writes are one at a time and the check costs little.
struct DropReadingsSensorCheck: AsyncMigration {
    var name: String { "shelter.014.readings_sensor_check" }

    func prepare(on database: any Database) async throws {
        guard ReadingPartitions.isPostgres(database.sql) else { return }
        try await database.sql.raw("ALTER TABLE ss_readings DROP CONSTRAINT IF EXISTS ss_readings_sensor_id_fkey").run()
    }

    func revert(on database: any Database) async throws {
        guard ReadingPartitions.isPostgres(database.sql) else { return }
        try await database.sql.raw("""
            ALTER TABLE ss_readings ADD CONSTRAINT ss_readings_sensor_id_fkey FOREIGN KEY (sensor_id) REFERENCES ss_sensors (id)
            """).run()
    }
}
