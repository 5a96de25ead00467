import Foundation
import Kernel
import Vapor

/// The JSON shapes of the warehouse: items, their ledger, uses, stock-takes and orders.
extension SSModels {
    struct ItemDTO: Content {
        let id: UUID
        let name: String
        /// `food`, `medicine`, `supplies` or `other`.
        let kind: String
        let unit: String
        let stock: Double
        let lowThreshold: Double
        /// At or under its threshold.
        let low: Bool

        init(_ item: StockItem) {
            id = item.id!
            name = item.name
            kind = item.kind
            unit = item.unit
            stock = item.stock.value
            lowThreshold = item.low.value
            low = item.isLow
        }
    }

    struct NewItem: Content {
        let name: String?
        let kind: String?
        let unit: String?
        let lowThreshold: FlexibleNumber?
    }

    struct ItemWithLedger: Content {
        let item: ItemDTO
        let ledger: [MovementDTO]
    }

    struct MovementDTO: Content {
        let id: UUID
        /// `received`, `treatment`, `feeding`, `write_off` or `stock_take`.
        let kind: String
        /// Positive in, negative out.
        let change: Double
        let balance: Double
        let orderId: UUID?
        let note: String
        let by: UUID?
        let at: Date

        init(_ movement: StockMovement) {
            id = movement.id!
            kind = movement.kind
            change = Double(movement.deltaMilli) / 1000
            balance = Double(movement.balanceMilli) / 1000
            orderId = movement.orderID
            note = movement.note
            by = movement.actorID
            at = movement.at
        }
    }

    struct Use: Content {
        let amount: FlexibleNumber?
        /// `feeding`, `treatment` or `write_off`.
        let kind: String?
        let note: String?
    }

    struct StockTake: Content {
        let counted: FlexibleNumber?
        let note: String?
    }

    struct OrderDTO: Content {
        let id: UUID
        let itemId: UUID
        let amount: Double
        let received: Double
        /// `requested`, `approved`, `partly_received`, `received` or `rejected`.
        let status: String
        let note: String
        let requestedBy: UUID
        let decidedBy: UUID?
        let createdAt: Date

        init(_ order: StockOrder) {
            id = order.id!
            itemId = order.itemID
            amount = Double(order.amountMilli) / 1000
            received = Double(order.receivedMilli) / 1000
            status = order.status
            note = order.note
            requestedBy = order.requestedBy
            decidedBy = order.decidedBy
            createdAt = order.createdAt
        }
    }

    struct NewOrder: Content {
        let itemId: UUID?
        let amount: FlexibleNumber?
        let note: String?
    }

    struct Decision: Content {
        let approve: Bool?
    }

    struct Receipt: Content {
        let amount: FlexibleNumber?
    }
}
