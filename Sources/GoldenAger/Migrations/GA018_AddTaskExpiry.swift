import Fluent
import Foundation
import SQLKit

/// Searching tasks expire (`TaskExpiry`): `HelpTask.expiresAt` and `expiryWarnedAt`.
/// Tasks already searching get their deadline counted from now, so that nobody's order
/// is cancelled the moment this runs.
struct AddTaskExpiry: AsyncMigration {
    var name: String { "golden-ager.018.task-expiry" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        try await database.schema(HelpTask.schema).field("expires_at", .datetime).update()
        try await database.schema(HelpTask.schema).field("expiry_warned_at", .datetime).update()
        try await database.sql.raw("CREATE INDEX ix_ga_tasks_expiry ON ga_tasks (status, expires_at)").run()
        let now = Date()
        let rows = try await database.sql.select().column("id").column("city").column("preferred_date").column("preferred_part")
            .from(HelpTask.schema).where("status", .equal, SQLBind(TaskStatus.searching.rawValue)).all()
        for row in rows {
            let task = HelpTask()
            task.city = try row.decode(column: "city", as: String.self)
            task.preferredDate = try row.decode(column: "preferred_date", as: String?.self)
            task.preferredPart = try row.decode(column: "preferred_part", as: String?.self).flatMap(DayPart.init(rawValue:))
            try await database.sql.update(HelpTask.schema).set("expires_at", to: SQLBind(TaskExpiry.deadline(of: task, from: now)))
                .where("id", .equal, SQLBind(try row.decode(column: "id", as: UUID.self))).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX ix_ga_tasks_expiry").run()
        try await database.schema(HelpTask.schema).deleteField("expiry_warned_at").update()
        try await database.schema(HelpTask.schema).deleteField("expires_at").update()
    }
}
