import Fluent
import SQLKit

/// Hourly and daily roll-ups of each sensor's readings, kept for good (the raw readings
/// are kept for 30 days): what the charts are drawn from.
struct CreateRollups: AsyncMigration {
    var name: String { "shelter.007.rollups" }

    func prepare(on database: any Database) async throws {
        let time = ReadingPartitions.isPostgres(database.sql) ? "TIMESTAMPTZ" : "REAL"
        try await database.sql.raw("""
            CREATE TABLE ss_rollups (
                sensor_id UUID NOT NULL REFERENCES ss_sensors (id),
                period TEXT NOT NULL CHECK (period IN ('hour', 'day')),
                start \(unsafeRaw: time) NOT NULL,
                n INTEGER NOT NULL CHECK (n > 0),
                t_min DOUBLE PRECISION NOT NULL,
                t_max DOUBLE PRECISION NOT NULL,
                t_sum DOUBLE PRECISION NOT NULL,
                h_min DOUBLE PRECISION NOT NULL,
                h_max DOUBLE PRECISION NOT NULL,
                h_sum DOUBLE PRECISION NOT NULL,
                thi_max DOUBLE PRECISION NOT NULL,
                water_min DOUBLE PRECISION,
                food_min DOUBLE PRECISION,
                PRIMARY KEY (sensor_id, period, start)
            )
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP TABLE ss_rollups").run()
    }
}
