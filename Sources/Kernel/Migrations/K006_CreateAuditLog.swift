import Fluent
import SQLKit

struct CreateAuditLog: AsyncMigration {
    var name: String { "kernel.006.audit_log" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema)
            .id()
            .field("app", .string, .required)
            .field("actor_id", .uuid)
            .field("action", .string, .required)
            .field("entity_type", .string, .required)
            .field("entity_id", .string, .required)
            .field("before", .string)
            .field("after", .string)
            .field("at", .datetime, .required)
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "ix_kernel_audit_app_at").on(AuditEntry.schema).column("app").column("at").run()
        try await sql.create(index: "ix_kernel_audit_entity").on(AuditEntry.schema).column("entity_type").column("entity_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuditEntry.schema).delete()
    }
}
