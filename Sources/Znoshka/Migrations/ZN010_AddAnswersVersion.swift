import Fluent
import Kernel
import SQLKit

/// Lets PostgreSQL's finish score an attempt without holding its row across round trips.
/// Every save moves the attempt's `answers_version` on, in the statement that writes the
/// answer, so the row is locked by the save until it commits. A finish reads the version
/// with the answers, scores them, and writes only while the version is the one it read
/// and the attempt is running: a save in between makes the write find nothing, and the
/// finish reads again (`PostgresAttemptStore.finish`). SQLite has no such finish; its
/// saves leave the version alone. The attempts' pages keep room for the new row versions.
struct AddAnswersVersion: AsyncMigration {
    var name: String { "znoshka.010.answers-version" }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE zn_attempts ADD COLUMN answers_version BIGINT NOT NULL DEFAULT 0").run()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("ALTER TABLE zn_attempts SET (fillfactor = 80)").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "postgresql" {
            try await sql.raw("ALTER TABLE zn_attempts RESET (fillfactor)").run()
        }
        try await sql.raw("ALTER TABLE zn_attempts DROP COLUMN answers_version").run()
    }
}
