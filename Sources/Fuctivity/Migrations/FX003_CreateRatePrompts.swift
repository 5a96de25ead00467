import Fluent

/// Which finished activities their owner was asked to rate (`RatePrompter`): one row each,
/// so that with several servers each activity is asked about once.
struct CreateRatePrompts: AsyncMigration {
    var name: String { "fuctivity.003.rate-prompts" }

    func prepare(on database: any Database) async throws {
        try await database.schema(RatePrompter.schema)
            .field("activity_id", .uuid, .identifier(auto: false), .references(RestActivity.schema, .id, onDelete: .cascade))
            .field("prompted_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RatePrompter.schema).delete()
    }
}
