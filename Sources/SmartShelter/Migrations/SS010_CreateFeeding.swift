import Fluent
import SQLKit

/// Meal plans per animal, and the feeders filled and water topped up per enclosure (food
/// names the ledger row that took it from the warehouse).
struct CreateFeeding: AsyncMigration {
    var name: String { "shelter.010.feeding" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MealPlan.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("minute_of_day", .int, .required)
            .field("item_id", .uuid, .required, .references(StockItem.schema, .id))
            .field("amount_milli", .int64, .required)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_meal_plans CHECK (minute_of_day BETWEEN 0 AND 1439 AND amount_milli > 0)"))
            .create()
        try await database.sql.create(index: "ix_ss_meal_plans_animal").on(MealPlan.schema).column("animal_id").run()
        try await database.schema(Refill.schema)
            .id()
            .field("enclosure_id", .uuid, .required, .references(Enclosure.schema, .id))
            .field("kind", .string, .required)
            .field("item_id", .uuid, .references(StockItem.schema, .id))
            .field("movement_id", .uuid, .references(StockMovement.schema, .id))
            .field("amount_milli", .int64, .required)
            .field("at", .datetime, .required)
            .field("actor_id", .uuid)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_refills CHECK (amount_milli > 0 AND kind IN ('food', 'water') AND (kind = 'water' OR movement_id IS NOT NULL))"))
            .create()
        try await database.sql.create(index: "ix_ss_refills_enclosure").on(Refill.schema).column("enclosure_id").column("at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Refill.schema).delete()
        try await database.schema(MealPlan.schema).delete()
    }
}
