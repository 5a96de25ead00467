import Fluent
import SQLKit

/// A feeder filled for one meal of the day names it (the shelter's local day and the
/// meal's minute), and a unique index lets each meal's item be fed once: a second press,
/// a retry or a second phone at the same moment is refused by the database, and no food
/// leaves the warehouse twice. Refills for no particular meal (water, an extra portion)
/// leave both empty, which the index does not compare.
struct AddMealToRefills: AsyncMigration {
    var name: String { "shelter.017.meal_refills" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds one at a time.
        try await database.schema(Refill.schema).field("meal_day", .string).update()
        try await database.schema(Refill.schema).field("meal_minute", .int).update()
        try await database.sql.create(index: "uq_ss_refills_meal").unique().on(Refill.schema)
            .column("enclosure_id").column("item_id").column("meal_day").column("meal_minute").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "uq_ss_refills_meal").run()
        try await database.schema(Refill.schema).deleteField("meal_minute").update()
        try await database.schema(Refill.schema).deleteField("meal_day").update()
    }
}
