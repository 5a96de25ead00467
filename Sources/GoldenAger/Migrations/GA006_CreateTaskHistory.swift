import Fluent
import Kernel
import SQLKit

/// The history of every task (append-only) and the volunteers who declined it.
struct CreateTaskHistory: AsyncMigration {
    var name: String { "golden-ager.006.task-history" }

    func prepare(on database: any Database) async throws {
        try await database.schema(TaskTransition.schema)
            .id()
            .field("task_id", .uuid, .required, .references(HelpTask.schema, .id))
            .field("sequence", .int, .required)
            .field("action", .string, .required)
            .field("status", .string, .required)
            .field("actor_id", .uuid, .references(Account.schema, .id))
            .field("reason", .string)
            .field("at", .datetime, .required)
            .unique(on: "task_id", "sequence", name: "uq_ga_task_transitions_task_sequence")
            .create()
        try await database.schema(TaskDecline.schema)
            .id()
            .field("task_id", .uuid, .required, .references(HelpTask.schema, .id))
            .field("volunteer_id", .uuid, .required, .references(Account.schema, .id))
            .field("at", .datetime, .required)
            .unique(on: "task_id", "volunteer_id", name: "uq_ga_task_declines_task_volunteer")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX ix_ga_task_declines_volunteer ON ga_task_declines (volunteer_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TaskDecline.schema).delete()
        try await database.schema(TaskTransition.schema).delete()
    }
}
