import Fluent

/// Volunteers' photos, which the pensioner sees before opening the door and the
/// coordinator compares with the identity document when approving.
struct CreateVolunteerPhotos: AsyncMigration {
    var name: String { "golden-ager.022.volunteer-photos" }

    func prepare(on database: any Database) async throws {
        try await database.schema(VolunteerPhoto.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references("ga_profiles", "account_id", onDelete: .cascade))
            .field("content_type", .string, .required)
            .field("data", .data, .required)
            .field("digest", .string, .required)
            .field("uploaded_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(VolunteerPhoto.schema).delete()
    }
}
