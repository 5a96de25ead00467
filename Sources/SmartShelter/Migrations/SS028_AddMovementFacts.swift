import Fluent
import SQLKit

/// The statistics' facts on each movement (`MovementFacts`): `came_back` and `stay_days`,
/// worked out for the movements already kept; and the animals' revision with its triggers
/// (`AnimalsRevision`), which the statistics' and the adoption pages' copies check. One
/// column per `update()` (SQLite's `ALTER TABLE` adds one at a time).
struct AddMovementFacts: AsyncMigration {
    var name: String { "shelter.028.movement_facts_and_revision" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AnimalMovement.schema).field("came_back", .bool, .required, .sql(.default(false))).update()
        try await database.schema(AnimalMovement.schema).field("stay_days", .int).update()
        try await MovementFacts.refresh(animal: nil, on: database)
        try await AnimalsRevision.create(on: database)
    }

    func revert(on database: any Database) async throws {
        try await AnimalsRevision.drop(on: database)
        try await database.schema(AnimalMovement.schema).deleteField("stay_days").update()
        try await database.schema(AnimalMovement.schema).deleteField("came_back").update()
    }
}
