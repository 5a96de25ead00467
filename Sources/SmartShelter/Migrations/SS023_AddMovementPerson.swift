import Fluent
import SQLKit

/// The person an animal left with (an adopter, a fosterer, its owner) or came in from.
struct AddMovementPerson: AsyncMigration {
    var name: String { "shelter.023.movement_person" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AnimalMovement.schema).field("person_id", .uuid, .references(ShelterPerson.schema, .id)).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AnimalMovement.schema).deleteField("person_id").update()
    }
}
