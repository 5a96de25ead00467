import Fluent

/// Theory pages as drafts too: a page added in the web editor waits unpublished, and an
/// edit of a published page waits in `draft_title`/`draft_markdown` while students go on
/// reading the published text. Every page stored before was published.
struct AddTheoryDrafts: AsyncMigration {
    var name: String { "znoshka.017.theory-drafts" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(TheoryPage.schema).field("published", .bool, .required, .sql(.default(true))).update()
        try await database.schema(TheoryPage.schema).field("draft_title", .string).update()
        try await database.schema(TheoryPage.schema).field("draft_markdown", .string).update()
    }

    func revert(on database: any Database) async throws {
        for name in ["draft_markdown", "draft_title", "published"] {
            try await database.schema(TheoryPage.schema).deleteField(.key(.init(stringLiteral: name))).update()
        }
    }
}
