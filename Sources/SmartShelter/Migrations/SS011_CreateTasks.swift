import Fluent
import SQLKit

/// Staff tasks: for a person or a role, accepted once, completed by who accepted them.
struct CreateTasks: AsyncMigration {
    var name: String { "shelter.011.tasks" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StaffTask.schema)
            .id()
            .field("title", .string, .required)
            .field("notes", .string, .required)
            .field("assignee_id", .uuid)
            .field("assignee_role", .string)
            .field("due_on", .string)
            .field("status", .string, .required)
            .field("created_by", .uuid, .required)
            .field("created_at", .datetime, .required)
            .field("accepted_by", .uuid)
            .field("accepted_at", .datetime)
            .field("completed_at", .datetime)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_ss_tasks CHECK ((assignee_id IS NULL) <> (assignee_role IS NULL) AND status IN ('open', 'accepted', 'done')
                AND (status = 'open' OR accepted_by IS NOT NULL))
                """))
            .create()
        try await database.sql.create(index: "ix_ss_tasks_status").on(StaffTask.schema).column("status").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StaffTask.schema).delete()
    }
}
