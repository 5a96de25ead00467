import Fluent

struct CreateCategories: AsyncMigration {
    var name: String { "golden-ager.002.categories" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Category.schema)
            .id()
            .field("slug", .string, .required)
            .field("name_uk", .string, .required)
            .field("name_en", .string, .required)
            .field("position", .int, .required)
            .field("is_consultation", .bool, .required)
            .unique(on: "slug", name: "uq_ga_categories_slug")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Category.schema).delete()
    }
}
