import Fluent
import SQLKit

/// Animals' photos and their thumbnails, in the database (every server instance serves
/// them; the backup holds them).
struct CreatePhotos: AsyncMigration {
    var name: String { "shelter.012.photos" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AnimalPhoto.schema)
            .field("animal_id", .uuid, .identifier(auto: false), .references(Animal.schema, .id))
            .field("content_type", .string, .required)
            .field("data", .data, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("thumbnail_type", .string, .required)
            .field("thumbnail", .data, .required)
            .field("digest", .string, .required)
            .field("uploaded_by", .uuid)
            .field("uploaded_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AnimalPhoto.schema).delete()
    }
}
