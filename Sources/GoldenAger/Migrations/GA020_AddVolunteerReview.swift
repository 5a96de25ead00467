import Fluent

/// A volunteer's review besides approval: why their organisation turned them down
/// (`rejection_reason`, shown on their waiting page) and when a pensioner's report stopped
/// them pending a coordinator's look (`suspended_at`).
struct AddVolunteerReview: AsyncMigration {
    var name: String { "golden-ager.020.volunteer-review" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Profile.schema).field("rejection_reason", .string).update()
        try await database.schema(Profile.schema).field("suspended_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Profile.schema).deleteField("suspended_at").update()
        try await database.schema(Profile.schema).deleteField("rejection_reason").update()
    }
}
