import Fluent
import SQLKit

/// Animals, their movements in and out, their moves between enclosures and their weights.
/// The histories are only added to.
struct CreateAnimals: AsyncMigration {
    var name: String { "shelter.008.animals" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Animal.schema)
            .id()
            .field("name", .string, .required)
            .field("species", .string, .required)
            .field("breed", .string, .required)
            .field("sex", .string, .required)
            .field("born_on", .string)
            .field("birth_estimated", .bool, .required)
            .field("description", .string, .required)
            .field("intake_on", .string, .required)
            .field("intake_reason", .string, .required)
            .field("status", .string, .required)
            .field("enclosure_id", .uuid, .references(Enclosure.schema, .id))
            .field("weight_grams", .int)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_animals_weight CHECK (weight_grams IS NULL OR weight_grams > 0)"))
            .create()
        try await database.sql.create(index: "ix_ss_animals_enclosure").on(Animal.schema).column("enclosure_id").run()
        try await database.schema(AnimalMovement.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("kind", .string, .required)
            .field("on_day", .string, .required)
            .field("note", .string, .required)
            .field("actor_id", .uuid)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_ss_animal_movements_animal").on(AnimalMovement.schema).column("animal_id").run()
        try await database.schema(EnclosureMove.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("from_enclosure_id", .uuid, .references(Enclosure.schema, .id))
            .field("to_enclosure_id", .uuid, .references(Enclosure.schema, .id))
            .field("actor_id", .uuid)
            .field("at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_ss_enclosure_moves_animal").on(EnclosureMove.schema).column("animal_id").run()
        try await database.schema(Weighing.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("on_day", .string, .required)
            .field("grams", .int, .required)
            .field("actor_id", .uuid)
            .field("created_at", .datetime, .required)
            .unique(on: "animal_id", "on_day", name: "uq_ss_weights_day")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_weights_grams CHECK (grams > 0)"))
            .create()
    }

    func revert(on database: any Database) async throws {
        for schema in [Weighing.schema, EnclosureMove.schema, AnimalMovement.schema, Animal.schema] {
            try await database.schema(schema).delete()
        }
    }
}
