import Fluent
import SQLKit

/// Variants of question templates: a question drawn from a template is stored as a
/// question of its own (so attempts, scoring, review and the review queue read it like
/// any other), naming the template it was drawn from. Its id is derived from the template
/// and the values drawn, so a variant met again is the same row.
struct AddQuestionVariants: AsyncMigration {
    var name: String { "znoshka.018.question-variants" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StoredQuestion.schema).field("template_id", .uuid).update()
        try await database.sql.raw("CREATE INDEX ix_zn_questions_template ON zn_questions (template_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX ix_zn_questions_template").run()
        try await database.schema(StoredQuestion.schema).deleteField("template_id").update()
    }
}
