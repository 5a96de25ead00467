import Fluent
import Foundation
import Kernel

/// Solutions under questions, their votes (one per person and solution), comments and
/// abuse reports (one per person and thing reported).
struct CreateCommunity: AsyncMigration {
    var name: String { "znoshka.007.community" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Solution.schema)
            .id()
            .field("question_id", .uuid, .required, .references(StoredQuestion.schema, .id))
            .field("author_id", .uuid, .required, .references(Account.schema, .id))
            .field("markdown", .string, .required)
            .field("html", .string, .required)
            .field("score", .int, .required)
            .field("hidden_at", .datetime)
            .field("hidden_reason", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema(SolutionVote.schema)
            .id()
            .field("solution_id", .uuid, .required, .references(Solution.schema, .id, onDelete: .cascade))
            .field("voter_id", .uuid, .required, .references(Account.schema, .id))
            .field("value", .int, .required)
            .unique(on: "solution_id", "voter_id")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_zn_votes_value CHECK (value IN (-1, 1))"))
            .create()
        try await database.schema(SolutionComment.schema)
            .id()
            .field("solution_id", .uuid, .required, .references(Solution.schema, .id, onDelete: .cascade))
            .field("author_id", .uuid, .required, .references(Account.schema, .id))
            .field("text", .string, .required)
            .field("hidden_at", .datetime)
            .field("hidden_reason", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema(AbuseReport.schema)
            .id()
            .field("target_type", .string, .required)
            .field("target_id", .uuid, .required)
            .field("reporter_id", .uuid, .required, .references(Account.schema, .id))
            .field("reason", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "target_type", "target_id", "reporter_id")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_zn_reports_target CHECK (target_type IN ('solution', 'comment'))"))
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX ix_zn_solutions_question ON zn_solutions (question_id, score)").run()
        try await sql.raw("CREATE INDEX ix_zn_solutions_author ON zn_solutions (author_id, created_at)").run()
        try await sql.raw("CREATE INDEX ix_zn_comments_solution ON zn_comments (solution_id, created_at)").run()
        try await sql.raw("CREATE INDEX ix_zn_comments_author ON zn_comments (author_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [AbuseReport.schema, SolutionComment.schema, SolutionVote.schema, Solution.schema] {
            try await database.schema(schema).delete()
        }
    }
}
