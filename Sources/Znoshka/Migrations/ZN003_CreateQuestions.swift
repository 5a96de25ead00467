import Fluent
import Foundation
import Kernel

/// Questions (the authored question as JSON) and tests, with each question's place in a
/// test. A place holds one question, and a question appears in a test once.
struct CreateQuestions: AsyncMigration {
    var name: String { "znoshka.003.questions" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StoredQuestion.schema)
            .id()
            .field("subject_id", .uuid, .required, .references(Subject.schema, .id))
            .field("topic_id", .uuid, .references(Topic.schema, .id))
            .field("body", .string, .required)
            .field("max_points", .int, .required)
            .field("updated_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_zn_questions_points CHECK (max_points BETWEEN 1 AND 4)"))
            .create()
        try await database.schema(ZnoshkaTest.schema)
            .id()
            .field("subject_id", .uuid, .required, .references(Subject.schema, .id))
            .field("topic_id", .uuid, .references(Topic.schema, .id))
            .field("kind", .string, .required)
            .field("title", .string, .required)
            .field("minutes", .int, .required)
            .field("threshold", .int, .required)
            .field("max_raw", .int, .required)
            .field("scores", .string, .required)
            .field("official", .bool, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_zn_tests_rules CHECK (kind IN ('simulation', 'topic', 'mixed') AND minutes BETWEEN 1 AND 240 \
                AND threshold >= 1 AND max_raw > threshold)
                """))
            .create()
        try await database.schema(TestQuestion.schema)
            .id()
            .field("test_id", .uuid, .required, .references(ZnoshkaTest.schema, .id, onDelete: .cascade))
            .field("question_id", .uuid, .required, .references(StoredQuestion.schema, .id))
            .field("position", .int, .required)
            .unique(on: "test_id", "position")
            .unique(on: "test_id", "question_id")
            .create()
        try await database.sql.raw("CREATE INDEX ix_zn_tests_subject ON zn_tests (subject_id, position)").run()
        try await database.sql.raw("CREATE INDEX ix_zn_questions_topic ON zn_questions (topic_id)").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [TestQuestion.schema, ZnoshkaTest.schema, StoredQuestion.schema] { try await database.schema(schema).delete() }
    }
}
