import Fluent
import SQLKit

/// What happens around a task besides its status: the volunteer's «на місці» and
/// «виконано» (`arrived_at`, `finished_at`), the code the pensioner asks for at the door,
/// when a task nobody takes needs the coordinators (`attention_due_at`, and when they were
/// told), the volunteer a coordinator offered it to, and the pensioner's reports.
struct AddTaskFollowUp: AsyncMigration {
    var name: String { "golden-ager.019.task-follow-up" }

    static let taskColumns: [(FieldKey, DatabaseSchema.DataType)] = [
        ("arrived_at", .datetime), ("finished_at", .datetime), ("door_code", .string),
        ("attention_due_at", .datetime), ("attention_at", .datetime), ("offered_to", .uuid), ("offered_at", .datetime),
    ]

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        for (column, type) in Self.taskColumns {
            try await database.schema(HelpTask.schema).field(column, type).update()
        }
        try await database.sql.raw("CREATE INDEX ix_ga_tasks_attention ON ga_tasks (status, attention_due_at)").run()
        try await database.sql.raw("CREATE INDEX ix_ga_tasks_finished ON ga_tasks (status, finished_at)").run()
        try await database.schema(TaskReport.schema)
            .id()
            .field("task_id", .uuid, .required, .references(HelpTask.schema, .id, onDelete: .cascade))
            .field("volunteer_id", .uuid, .required)
            .field("reported_by", .uuid, .required)
            .field("text", .string, .required)
            .field("suspended", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "task_id", name: "uq_ga_task_reports_task")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TaskReport.schema).delete()
        try await database.sql.raw("DROP INDEX ix_ga_tasks_finished").run()
        try await database.sql.raw("DROP INDEX ix_ga_tasks_attention").run()
        for (column, _) in Self.taskColumns.reversed() {
            try await database.schema(HelpTask.schema).deleteField(column).update()
        }
    }
}
