import Fluent
import SQLKit

/// The running attempts' deadline index, on a predicate only the overdue sweep states.
///
/// It was `(deadline) WHERE finished_at IS NULL`, which every query about a running attempt
/// (the running-attempt check on each start, the exam-day statements) could also use.
/// Statistics taken when few attempts ran make it look tiny, so PostgreSQL picked it over
/// the exact `(owner_id, test_id)` index and then filtered every running attempt: 2.7 ms a
/// start and growing with each one during a burst of starts (bench/znoshka-draw, 850
/// running: 6.4 ms). `finished_how IS NULL` says the same (`ck_zn_attempts_finish` ties the
/// two), but only `finishOverdue` writes it, so only the sweep can use this index.
struct AttemptsDeadlineIndex: AsyncMigration {
    var name: String { "znoshka.020.attempts-deadline-index" }

    func prepare(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX ix_zn_attempts_deadline").run()
        try await database.sql.raw("CREATE INDEX ix_zn_attempts_deadline ON zn_attempts (deadline) WHERE finished_how IS NULL").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX ix_zn_attempts_deadline").run()
        try await database.sql.raw("CREATE INDEX ix_zn_attempts_deadline ON zn_attempts (deadline) WHERE finished_at IS NULL").run()
    }
}
