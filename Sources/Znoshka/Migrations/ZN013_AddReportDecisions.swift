import Fluent
import SQLKit

/// A report stays open until a moderator decides on what it reports: hidden (the report
/// upheld) or left visible (dismissed). The queue lists the open ones; the decisions tell
/// who reports too often.
struct AddReportDecisions: AsyncMigration {
    var name: String { "znoshka.013.report-decisions" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        try await database.schema(AbuseReport.schema).field("decided_at", .datetime).update()
        try await database.schema(AbuseReport.schema).field("decided_by", .uuid).update()
        try await database.schema(AbuseReport.schema).field("upheld", .bool).update()
        try await database.sql.raw("CREATE INDEX ix_zn_reports_open ON zn_reports (target_type, target_id) WHERE decided_at IS NULL").run()
        try await database.sql.raw("CREATE INDEX ix_zn_reports_reporter ON zn_reports (reporter_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX ix_zn_reports_reporter").run()
        try await database.sql.raw("DROP INDEX ix_zn_reports_open").run()
        for name: FieldKey in ["upheld", "decided_by", "decided_at"] {
            try await database.schema(AbuseReport.schema).deleteField(name).update()
        }
    }
}
