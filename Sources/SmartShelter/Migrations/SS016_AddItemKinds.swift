import Fluent
import SQLKit

/// What each item of the warehouse is: food, medicine, care supplies or other — so that a
/// meal plan takes only food (a bandage was accepted as a meal). Items already in a meal
/// plan are food; the rest start as `other` until the storekeeper says.
struct AddItemKinds: AsyncMigration {
    var name: String { "shelter.016.item_kinds" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StockItem.schema).field("kind", .string, .required, .sql(.default(StockItem.Kind.other.rawValue))).update()
        try await database.sql.raw("""
            UPDATE \(ident: StockItem.schema) SET kind = \(bind: StockItem.Kind.food.rawValue)
            WHERE id IN (SELECT item_id FROM \(ident: MealPlan.schema))
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StockItem.schema).deleteField("kind").update()
    }
}
