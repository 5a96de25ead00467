import Fluent

/// Tests and questions are never changed in place (`ContentCache` keeps them in memory,
/// and finished attempts must read the questions they were scored on). An author's edit
/// writes a new version of the test instead, and the old one points to it: students see
/// only current versions, while attempts at the old one stay readable.
struct AddTestVersions: AsyncMigration {
    var name: String { "znoshka.008.test-versions" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ZnoshkaTest.schema).field("replaced_by", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ZnoshkaTest.schema).deleteField("replaced_by").update()
    }
}
