import Fluent
import SQLKit

/// The warehouse: items with their balance (never below zero, held by a CHECK), the ledger
/// it is the sum of, and orders.
struct CreateWarehouse: AsyncMigration {
    var name: String { "shelter.005.warehouse" }

    func prepare(on database: any Database) async throws {
        try await database.schema(StockItem.schema)
            .id()
            .field("name", .string, .required)
            .field("unit", .string, .required)
            .field("stock_milli", .int64, .required)
            .field("low_milli", .int64, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "name", name: "uq_ss_items_name")
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_items_stock CHECK (stock_milli >= 0 AND low_milli >= 0)"))
            .create()
        try await database.schema(StockOrder.schema)
            .id()
            .field("item_id", .uuid, .required, .references(StockItem.schema, .id))
            .field("amount_milli", .int64, .required)
            .field("received_milli", .int64, .required)
            .field("status", .string, .required)
            .field("note", .string, .required)
            .field("requested_by", .uuid, .required)
            .field("decided_by", .uuid)
            .field("created_at", .datetime, .required)
            .field("decided_at", .datetime)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_orders_amounts CHECK (amount_milli > 0 AND received_milli BETWEEN 0 AND amount_milli)"))
            .create()
        try await database.schema(StockMovement.schema)
            .id()
            .field("item_id", .uuid, .required, .references(StockItem.schema, .id))
            .field("kind", .string, .required)
            .field("delta_milli", .int64, .required)
            .field("balance_milli", .int64, .required)
            .field("order_id", .uuid, .references(StockOrder.schema, .id))
            .field("note", .string, .required)
            .field("actor_id", .uuid)
            .field("at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_stock_movements_balance CHECK (balance_milli >= 0 AND delta_milli <> 0)"))
            .create()
        try await database.sql.create(index: "ix_ss_stock_movements_item").on(StockMovement.schema).column("item_id").column("at").run()
        try await database.sql.create(index: "ix_ss_orders_item").on(StockOrder.schema).column("item_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StockMovement.schema).delete()
        try await database.schema(StockOrder.schema).delete()
        try await database.schema(StockItem.schema).delete()
    }
}
