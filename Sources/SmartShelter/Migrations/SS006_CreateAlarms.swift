import Fluent
import SQLKit

/// Alarms: at most one open per enclosure and kind, held by a partial unique index.
struct CreateAlarms: AsyncMigration {
    var name: String { "shelter.006.alarms" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Alarm.schema)
            .id()
            .field("enclosure_id", .uuid, .required, .references(Enclosure.schema, .id))
            .field("sensor_id", .uuid, .references(Sensor.schema, .id))
            .field("kind", .string, .required)
            .field("severity", .string, .required)
            .field("value", .double)
            .field("opened_at", .datetime, .required)
            .field("last_seen_at", .datetime, .required)
            .field("repeats", .int, .required)
            .field("acknowledged_by", .uuid)
            .field("acknowledged_at", .datetime)
            .field("resolved_by", .uuid)
            .field("resolved_at", .datetime)
            .field("notified_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_alarms_severity CHECK (severity IN ('warning', 'critical'))"))
            .create()
        try await database.sql.raw("CREATE UNIQUE INDEX uq_ss_alarms_open ON ss_alarms (enclosure_id, kind) WHERE resolved_at IS NULL").run()
        // Reminders look at open alarms nobody has acknowledged.
        try await database.sql.raw("CREATE INDEX ix_ss_alarms_unacknowledged ON ss_alarms (notified_at) WHERE resolved_at IS NULL AND acknowledged_at IS NULL").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Alarm.schema).delete()
    }
}
