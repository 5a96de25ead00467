import Fluent
import Foundation
import Kernel

/// Attempts and their answers, a row per question from the start. A person runs one
/// attempt of a test at a time (the partial unique index decides a double start), and an
/// attempt answers each question once.
struct CreateAttempts: AsyncMigration {
    var name: String { "znoshka.004.attempts" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Attempt.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(Account.schema, .id))
            .field("test_id", .uuid, .required, .references(ZnoshkaTest.schema, .id))
            .field("block_id", .uuid)
            .field("started_at", .datetime, .required)
            .field("deadline", .datetime, .required)
            .field("finished_at", .datetime)
            .field("finished_how", .string)
            .field("raw_points", .int)
            .field("max_points", .int, .required)
            .field("scaled", .int)
            .field("passed", .bool)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_zn_attempts_finish CHECK ((finished_at IS NULL) = (finished_how IS NULL) \
                AND (finished_at IS NULL OR raw_points IS NOT NULL) AND deadline > started_at)
                """))
            .create()
        try await database.schema(AttemptAnswer.schema)
            .id()
            .field("attempt_id", .uuid, .required, .references(Attempt.schema, .id, onDelete: .cascade))
            .field("question_id", .uuid, .required, .references(StoredQuestion.schema, .id))
            .field("position", .int, .required)
            .field("answer", .string)
            .field("flagged", .bool, .required)
            .field("answered_at", .datetime)
            .field("points", .int)
            .field("verdict", .string)
            .unique(on: "attempt_id", "question_id")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE UNIQUE INDEX uq_zn_attempts_running ON zn_attempts (owner_id, test_id) WHERE finished_at IS NULL").run()
        try await sql.raw("CREATE INDEX ix_zn_attempts_owner ON zn_attempts (owner_id, started_at)").run()
        // The expiry job looks for running attempts past their deadline.
        try await sql.raw("CREATE INDEX ix_zn_attempts_deadline ON zn_attempts (deadline) WHERE finished_at IS NULL").run()
        // How many answered a question right, for the review.
        try await sql.raw("CREATE INDEX ix_zn_answers_question ON zn_answers (question_id) WHERE verdict IS NOT NULL").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [AttemptAnswer.schema, Attempt.schema] { try await database.schema(schema).delete() }
    }
}
