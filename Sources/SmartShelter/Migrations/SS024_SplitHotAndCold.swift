import Fluent
import SQLKit

/// Too hot and too cold become alarms of their own kinds (`too_hot`, `too_cold`,
/// `duration_hot`, `duration_cold`): one shared kind let a cold reading rewrite a hot
/// alarm («30 °C» became «Температура 0 °C»). An alarm of the old kinds takes the side of
/// its value: above the middle of its enclosure's range is hot; beyond 29.5 °C, for the
/// four-hour rule. At most one alarm of a kind was open per enclosure, so at most one of
/// each new kind is, as the open-alarm index asks.
struct SplitHotAndCold: AsyncMigration {
    var name: String { "shelter.024.alarm_hot_cold" }

    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            UPDATE ss_alarms SET kind = CASE
                WHEN value IS NOT NULL AND value > (SELECT (e.min_temperature + e.max_temperature) / 2 FROM ss_enclosures e
                                                    WHERE e.id = ss_alarms.enclosure_id) THEN 'too_hot'
                ELSE 'too_cold' END
            WHERE kind = 'temperature'
            """).run()
        try await database.sql.raw("""
            UPDATE ss_alarms SET kind = CASE WHEN value IS NOT NULL AND value > 29.5 THEN 'duration_hot' ELSE 'duration_cold' END
            WHERE kind = 'duration'
            """).run()
    }

    func revert(on database: any Database) async throws {
        // Back to one kind for both sides: where both are open, the cold one is closed first.
        for (kind, hot, cold) in [("temperature", "too_hot", "too_cold"), ("duration", "duration_hot", "duration_cold")] {
            try await database.sql.raw("""
                UPDATE ss_alarms SET resolved_at = last_seen_at
                WHERE kind = \(bind: cold) AND resolved_at IS NULL
                  AND EXISTS (SELECT 1 FROM ss_alarms o WHERE o.enclosure_id = ss_alarms.enclosure_id AND o.kind = \(bind: hot)
                              AND o.resolved_at IS NULL)
                """).run()
            try await database.sql.raw("UPDATE ss_alarms SET kind = \(bind: kind) WHERE kind IN (\(bind: hot), \(bind: cold))").run()
        }
    }
}
