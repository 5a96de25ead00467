import Fluent
import Kernel
import SQLKit

/// Tasks, with the two invariants of the spec held by partial unique indexes, which
/// SQLite and PostgreSQL both enforce: a pensioner has at most one open task, and a
/// volunteer at most one accepted task.
struct CreateTasks: AsyncMigration {
    var name: String { "golden-ager.005.tasks" }

    func prepare(on database: any Database) async throws {
        try await database.schema(HelpTask.schema)
            .id()
            .field("template_id", .uuid, .required, .references(TaskTemplate.schema, .id))
            .field("pensioner_id", .uuid, .required, .references(Account.schema, .id))
            .field("volunteer_id", .uuid, .references(Account.schema, .id))
            .field("status", .string, .required)
            .field("city", .string, .required)
            .field("minutes", .int, .required)
            .field("created_at", .datetime, .required)
            .field("accepted_at", .datetime)
            .field("closed_at", .datetime)
            .create()
        let sql = database.sql
        try await sql.raw("""
            CREATE UNIQUE INDEX uq_ga_tasks_one_open_per_pensioner ON ga_tasks (pensioner_id)
            WHERE status IN ('searching', 'accepted')
            """).run()
        try await sql.raw("""
            CREATE UNIQUE INDEX uq_ga_tasks_one_accepted_per_volunteer ON ga_tasks (volunteer_id)
            WHERE status = 'accepted'
            """).run()
        try await sql.raw("CREATE INDEX ix_ga_tasks_city_status ON ga_tasks (city, status, created_at)").run()
        try await sql.raw("CREATE INDEX ix_ga_tasks_pensioner ON ga_tasks (pensioner_id, created_at)").run()
        try await sql.raw("CREATE INDEX ix_ga_tasks_volunteer ON ga_tasks (volunteer_id, status)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HelpTask.schema).delete()
    }
}
