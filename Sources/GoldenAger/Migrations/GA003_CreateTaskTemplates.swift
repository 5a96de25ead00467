import Fluent

struct CreateTaskTemplates: AsyncMigration {
    var name: String { "golden-ager.003.task-templates" }

    func prepare(on database: any Database) async throws {
        try await database.schema(TaskTemplate.schema)
            .id()
            .field("category_id", .uuid, .required, .references(Category.schema, .id))
            .field("title_uk", .string, .required)
            .field("title_en", .string, .required)
            .field("description_uk", .string, .required)
            .field("description_en", .string, .required)
            .field("minutes", .int, .required)
            .field("position", .int, .required)
            .field("archived_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TaskTemplate.schema).delete()
    }
}
