import Fluent
import Foundation

/// A quantity of an item in thousandths of its unit, so that 2.5 kg taken from 10 kg
/// leaves exactly 7.5 (the ledger adds integers, never floating-point sums).
public struct Quantity: Sendable, Hashable, Comparable, Codable {
    public let milli: Int64

    public init(milli: Int64) { self.milli = milli }

    /// "2,5" or "2.5" (at most three decimals), positive; nil otherwise.
    public init?(typed: String?) {
        let text = (typed ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !text.isEmpty, text.count <= 16, let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
              "\(decimal)" != "NaN", decimal >= 0 else { return nil }
        let scaled = decimal * 1000
        var rounded = Decimal()
        var copy = scaled
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == scaled, rounded <= Decimal(Int64(1_000_000_000_000)) else { return nil }
        self.milli = NSDecimalNumber(decimal: rounded).int64Value
    }

    public var value: Double { Double(milli) / 1000 }
    public static func < (a: Quantity, b: Quantity) -> Bool { a.milli < b.milli }
    public static let zero = Quantity(milli: 0)
}

/// An item the warehouse keeps (food, medicine, litter…) in its unit, with the balance
/// at which it is low. `stock` is the sum of its ledger, kept beside it by the same
/// transaction as each ledger row and never below zero (a CHECK in the schema).
public final class StockItem: Model, @unchecked Sendable {
    public static let schema = "ss_items"

    /// What the item is for: only food goes into a meal plan.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case food, medicine, supplies, other
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "kind") public var kind: String
    @Field(key: "unit") public var unit: String
    @Field(key: "stock_milli") public var stockMilli: Int64
    @Field(key: "low_milli") public var lowMilli: Int64
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(id: UUID? = nil, name: String, kind: Kind = .other, unit: String, low: Quantity, at now: Date) {
        self.id = id
        self.name = name
        self.kind = kind.rawValue
        self.unit = unit
        self.stockMilli = 0
        self.lowMilli = low.milli
        self.createdAt = now
    }

    public var itemKind: Kind { Kind(rawValue: kind) ?? .other }
    public var stock: Quantity { Quantity(milli: stockMilli) }
    public var low: Quantity { Quantity(milli: lowMilli) }
    /// At or under its threshold: time to order.
    public var isLow: Bool { stockMilli <= lowMilli }
}

/// One row of the warehouse's ledger: what came in or went out, why and by whom. Rows are
/// only ever added.
public final class StockMovement: Model, @unchecked Sendable {
    public static let schema = "ss_stock_movements"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// Received against an approved order.
        case received
        /// Used by a treatment, a feeding, or written off (spoiled, lost).
        case treatment, feeding, writeOff = "write_off"
        /// A stock-take's correction to what was counted.
        case stockTake = "stock_take"

        /// What a person records as a use (the others come from orders and counts).
        public static let uses: [Kind] = [.feeding, .treatment, .writeOff]
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "item_id") public var itemID: UUID
    @Field(key: "kind") public var kind: String
    /// Signed: received is positive, a use negative, a correction either.
    @Field(key: "delta_milli") public var deltaMilli: Int64
    @Field(key: "balance_milli") public var balanceMilli: Int64
    @OptionalField(key: "order_id") public var orderID: UUID?
    @Field(key: "note") public var note: String
    @OptionalField(key: "actor_id") public var actorID: UUID?
    @Field(key: "at") public var at: Date

    public init() {}
}

/// An order for an item: requested by the storekeeper, approved by the director, received
/// in one or more deliveries.
public final class StockOrder: Model, @unchecked Sendable {
    public static let schema = "ss_orders"

    public enum Status: String, Sendable, Codable {
        case requested, approved, partlyReceived = "partly_received", received, rejected
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "item_id") public var itemID: UUID
    @Field(key: "amount_milli") public var amountMilli: Int64
    @Field(key: "received_milli") public var receivedMilli: Int64
    @Field(key: "status") public var status: String
    @Field(key: "note") public var note: String
    @Field(key: "requested_by") public var requestedBy: UUID
    @OptionalField(key: "decided_by") public var decidedBy: UUID?
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "decided_at") public var decidedAt: Date?

    public init() {}

    public var orderStatus: Status { Status(rawValue: status) ?? .requested }
    public var remaining: Quantity { Quantity(milli: amountMilli - receivedMilli) }
}
