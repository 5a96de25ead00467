import Fluent
import SQLKit

/// The time credited to the volunteer for a done task: the real time from acceptance to
/// done, capped at twice the expected time, which a coordinator may correct
/// (`HelpTask.creditedMinutes`). Tasks done before this migration were credited the
/// expected time, and keep it.
struct AddCreditedMinutes: AsyncMigration {
    var name: String { "golden-ager.013.credited-minutes" }

    func prepare(on database: any Database) async throws {
        try await database.schema(HelpTask.schema).field("credited_minutes", .int).update()
        try await database.sql.raw("UPDATE ga_tasks SET credited_minutes = minutes WHERE status = 'done'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HelpTask.schema).deleteField("credited_minutes").update()
    }
}
