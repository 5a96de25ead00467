import Fluent
import SQLKit

/// A template's variants share one discussion, kept under the template
/// (`CommunityService.discussed`). Solutions written before that under a variant move to
/// its template, so none disappears from the discussion its author wrote in.
struct PoolVariantSolutions: AsyncMigration {
    var name: String { "znoshka.022.pool-variant-solutions" }

    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            UPDATE zn_solutions SET question_id = (SELECT q.template_id FROM zn_questions q WHERE q.id = zn_solutions.question_id) \
            WHERE question_id IN (SELECT id FROM zn_questions WHERE template_id IS NOT NULL)
            """).run()
    }

    /// Which variant a moved solution was written under is not kept: it stays with the template.
    func revert(on database: any Database) async throws {}
}
