import Fluent
import SQLKit

/// Drafts: an author's edit in the web editor is a version students do not see
/// (`draft`) until it is published. A draft of a live test names it (`draft_of`); a test
/// has at most one current draft, so two authors editing it work on the same one. Every
/// test stored before was live.
struct AddTestDrafts: AsyncMigration {
    var name: String { "znoshka.016.test-drafts" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(ZnoshkaTest.schema).field("draft", .bool, .required, .sql(.default(false))).update()
        try await database.schema(ZnoshkaTest.schema).field("draft_of", .uuid).update()
        try await database.sql.raw("""
            CREATE UNIQUE INDEX zn_tests_one_draft ON zn_tests (draft_of) WHERE replaced_by IS NULL
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX zn_tests_one_draft").run()
        try await database.schema(ZnoshkaTest.schema).deleteField("draft_of").update()
        try await database.schema(ZnoshkaTest.schema).deleteField("draft").update()
    }
}
