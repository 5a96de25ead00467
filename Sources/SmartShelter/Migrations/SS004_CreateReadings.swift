import Fluent
import Foundation
import SQLKit

/// The raw readings, one row per sensor and device time (the key that stores a repeated
/// reading once). On PostgreSQL the table is partitioned by month, so retention drops a
/// month's partition instead of deleting rows (`ReadingPartitions`).
struct CreateReadings: AsyncMigration {
    var name: String { "shelter.004.readings" }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let columns = """
            sensor_id UUID NOT NULL REFERENCES ss_sensors (id),
            device_time \(ReadingPartitions.isPostgres(sql) ? "TIMESTAMPTZ" : "REAL") NOT NULL,
            received_at \(ReadingPartitions.isPostgres(sql) ? "TIMESTAMPTZ" : "REAL") NOT NULL,
            temperature DOUBLE PRECISION NOT NULL,
            humidity DOUBLE PRECISION NOT NULL,
            water_level DOUBLE PRECISION,
            food_level DOUBLE PRECISION,
            thi DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (sensor_id, device_time)
            """
        if ReadingPartitions.isPostgres(sql) {
            try await sql.raw("CREATE TABLE ss_readings (\(unsafeRaw: columns)) PARTITION BY RANGE (device_time)").run()
            try await ReadingPartitions(sql: sql).ensure(around: Date())
        } else {
            try await sql.raw("CREATE TABLE ss_readings (\(unsafeRaw: columns))").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP TABLE ss_readings").run()
    }
}
