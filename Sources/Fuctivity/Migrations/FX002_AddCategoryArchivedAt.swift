import Fluent

/// A person's own category that they delete while activities still use it is archived
/// rather than removed: its activities keep their category and name, and it is no longer
/// offered for new ones (`CategoryService.delete`).
struct AddCategoryArchivedAt: AsyncMigration {
    var name: String { "fuctivity.002.category-archived-at" }

    func prepare(on database: any Database) async throws {
        try await database.schema(RestCategory.schema).field("archived_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RestCategory.schema).deleteField("archived_at").update()
    }
}
