import Fluent
import SQLKit

/// What an alarm that closes itself, is escalated, or is recorded after the fact keeps:
/// when the readings came back to normal, when everyone was told, and whether it was a
/// past episode. One column per `update()` (SQLite's `ALTER TABLE` adds one at a time).
struct AddAlarmClosing: AsyncMigration {
    var name: String { "shelter.025.alarm_closing" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Alarm.schema).field("normal_since", .datetime).update()
        try await database.schema(Alarm.schema).field("escalated_at", .datetime).update()
        try await database.schema(Alarm.schema).field("past_episode", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Alarm.schema).deleteField("past_episode").update()
        try await database.schema(Alarm.schema).deleteField("escalated_at").update()
        try await database.schema(Alarm.schema).deleteField("normal_since").update()
    }
}
