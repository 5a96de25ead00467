import Fluent
import Foundation
import Kernel
import SQLKit

/// The warehouse: items and their stock, which is the sum of a ledger that is only added
/// to. Every movement moves the item's balance with a conditional update in the same
/// transaction as its ledger row, so stock never goes below zero, also when many take
/// the last units at once (and the schema's CHECK holds it if code ever forgets).
public struct WarehouseService: Sendable {
    public static let nameMaxLength = 80
    public static let unitMaxLength = 20
    public static let noteMaxLength = 500

    let context: ShelterContext
    var db: any Database { context.db }

    /// Every item, low ones first (they need ordering), then by name.
    public func items(for person: StaffMember) async throws -> [StockItem] {
        try context.authorize(person, [.storekeeper, .doctor])
        return try await StockItem.query(on: db).all().sorted { a, b in
            if a.isLow != b.isLow { return a.isLow }
            return person.collation.areInIncreasingOrder(a.name, b.name)
        }
    }

    /// Every item by name, for the forms that choose one (a meal's food, a treatment's
    /// supply) and for naming the items a record mentions.
    public func itemsByName(for person: StaffMember) async throws -> [StockItem] {
        try context.authorize(person, [.storekeeper, .doctor])
        return try await StockItem.query(on: db).sort(\.$name).all()
    }

    public func item(_ id: UUID, for person: StaffMember) async throws -> (item: StockItem, ledger: [StockMovement]) {
        try context.authorize(person, [.storekeeper, .doctor])
        let item = try await find(id, on: db)
        let ledger = try await StockMovement.query(on: db).filter(\.$itemID == id).sort(\.$at, .descending).limit(200).all()
        return (item, ledger)
    }

    /// A new item of the warehouse; its `kind` says what it is for (only food goes into a
    /// meal plan), `other` when not given.
    public func createItem(name: String?, kind typedKind: String? = nil, unit: String?, low: String?, by person: StaffMember) async throws -> StockItem {
        try context.authorizeChange(person, [.storekeeper])
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let kind = v.choice("kind", typedKind, as: StockItem.Kind.self, default: .other)
        let unit = v.text("unit", unit, maxLength: Self.unitMaxLength)
        let threshold = Self.quantity("lowThreshold", low, allowZero: true, &v)
        try v.throwIfInvalid()
        let item = StockItem(name: name ?? "", kind: kind ?? .other, unit: unit ?? "", low: threshold ?? .zero, at: context.clock.now)
        try await db.writeTransaction { db in
            do {
                try await item.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw AppError(.conflict, code: "item_name_taken", key: "ss.error.item_name_taken",
                               fieldErrors: [FieldError(field: "name", key: "ss.error.item_name_taken")])
            }
            try await context.audit.record("item.create", entityType: "item", entityID: item.requireID().uuidString.lowercased(), actor: person.id,
                                           after: ["name": item.name, "kind": item.kind, "unit": item.unit, "low": String(item.lowMilli)], on: db)
        }
        return item
    }

    /// Takes `amount` out for a feeding, a treatment or a write-off: a 409 naming what is
    /// left when there is not that much.
    public func use(_ itemID: UUID, amount: String?, kind: String?, note: String?, by person: StaffMember) async throws -> StockMovement {
        var v = Kernel.Validator()
        let quantity = Self.quantity("amount", amount, allowZero: false, &v)
        let kind = kind.flatMap(StockMovement.Kind.init(rawValue:))
        if kind == nil || !StockMovement.Kind.uses.contains(kind!) { v.add("kind", "ss.validation.use_kind") }
        let note = v.text("note", note, required: false, maxLength: Self.noteMaxLength) ?? ""
        // A doctor takes supplies for treatments; feeding and write-offs are the storekeeper's.
        try context.authorizeChange(person, kind == .treatment ? [.storekeeper, .doctor] : [.storekeeper])
        try v.throwIfInvalid()
        guard let quantity, let kind else { throw AppError.validation(v.errors) }
        return try await db.writeTransaction { db in
            try await move(itemID, by: -quantity.milli, kind: kind, order: nil, note: note, actor: person.id, on: db)
        }
    }

    /// A stock-take: the counted quantity becomes the balance, by a correction in the ledger.
    public func count(_ itemID: UUID, counted: String?, note: String?, by person: StaffMember) async throws -> StockItem {
        try context.authorizeChange(person, [.storekeeper])
        var v = Kernel.Validator()
        let counted = Self.quantity("counted", counted, allowZero: true, &v)
        let note = v.text("note", note, required: false, maxLength: Self.noteMaxLength) ?? ""
        try v.throwIfInvalid()
        guard let counted else { throw AppError.validation(v.errors) }
        return try await db.writeTransaction { db in
            // The row is locked (PostgreSQL) or the database is (SQLite's BEGIN IMMEDIATE), so
            // no use slips in between reading the balance and correcting it.
            let current = try await db.sql.select().column("stock_milli").from(StockItem.schema)
                .where("id", .equal, SQLBind(itemID)).for(.update).first(decodingColumn: "stock_milli", as: Int64.self)
            guard let current else { throw Self.itemNotFound }
            if counted.milli != current {
                _ = try await move(itemID, by: counted.milli - current, kind: .stockTake, order: nil, note: note, actor: person.id, on: db)
            }
            return try await find(itemID, on: db)
        }
    }

    // MARK: Orders

    public func orders(for person: StaffMember) async throws -> [StockOrder] {
        try context.authorize(person, [.storekeeper])
        return try await StockOrder.query(on: db).sort(\.$createdAt, .descending).limit(200).all()
    }

    /// The names of the people who asked for `orders`, for the director deciding them.
    public func requesters(of orders: [StockOrder]) async throws -> [UUID: String] {
        try await Account.displayNames(of: orders.map(\.requestedBy), on: db)
    }

    public func requestOrder(of itemID: UUID, amount: String?, note: String?, by person: StaffMember) async throws -> StockOrder {
        try context.authorizeChange(person, [.storekeeper])
        var v = Kernel.Validator()
        let quantity = Self.quantity("amount", amount, allowZero: false, &v)
        let note = v.text("note", note, required: false, maxLength: Self.noteMaxLength) ?? ""
        try v.throwIfInvalid()
        guard let quantity else { throw AppError.validation(v.errors) }
        _ = try await find(itemID, on: db)
        let order = StockOrder()
        order.itemID = itemID
        order.amountMilli = quantity.milli
        order.receivedMilli = 0
        order.status = StockOrder.Status.requested.rawValue
        order.note = note
        order.requestedBy = person.id
        order.createdAt = context.clock.now
        try await db.writeTransaction { db in
            try await order.create(on: db)
            try await context.audit.record("order.request", entityType: "order", entityID: order.requireID().uuidString.lowercased(), actor: person.id,
                                           after: ["item": itemID.uuidString.lowercased(), "amount": String(quantity.milli)], on: db)
        }
        return order
    }

    /// The director approves or rejects a requested order (once: a second decision is a 409).
    public func decide(_ orderID: UUID, approve: Bool, by director: StaffMember) async throws -> StockOrder {
        try context.authorizeChange(director, [])
        let status: StockOrder.Status = approve ? .approved : .rejected
        return try await db.writeTransaction { db in
            let changed = try await db.sql.update(StockOrder.schema)
                .set("status", to: SQLBind(status.rawValue)).set("decided_by", to: SQLBind(director.id)).set("decided_at", to: SQLBind(context.clock.now))
                .where("id", .equal, SQLBind(orderID)).where("status", .equal, SQLBind(StockOrder.Status.requested.rawValue))
                .returning("id").all()
            guard !changed.isEmpty else { throw try await orderRefusal(orderID, on: db) }
            try await context.audit.record("order.decide", entityType: "order", entityID: orderID.uuidString.lowercased(), actor: director.id,
                                           before: ["status": StockOrder.Status.requested.rawValue], after: ["status": status.rawValue], on: db)
            return try await findOrder(orderID, on: db)
        }
    }

    /// A delivery against an approved order: at most what is still to come; the stock goes up
    /// by it in the same transaction.
    public func receive(_ orderID: UUID, amount: String?, by person: StaffMember) async throws -> StockOrder {
        try context.authorizeChange(person, [.storekeeper])
        var v = Kernel.Validator()
        let quantity = Self.quantity("amount", amount, allowZero: false, &v)
        try v.throwIfInvalid()
        guard let quantity else { throw AppError.validation(v.errors) }
        return try await db.writeTransaction { db in
            let open = [StockOrder.Status.approved.rawValue, StockOrder.Status.partlyReceived.rawValue]
            let changed = try await db.sql.update(StockOrder.schema)
                .set("received_milli", to: SQLRaw("received_milli + \(quantity.milli)"))
                .set("status", to: SQLRaw("CASE WHEN received_milli + \(quantity.milli) = amount_milli THEN '\(StockOrder.Status.received.rawValue)' ELSE '\(StockOrder.Status.partlyReceived.rawValue)' END"))
                .where("id", .equal, SQLBind(orderID)).where("status", .in, SQLBind.group(open))
                .where(SQLRaw("received_milli + \(quantity.milli) <= amount_milli"))
                .returning("item_id").all()
            guard let row = changed.first else { throw try await orderRefusal(orderID, receiving: quantity, on: db) }
            let itemID = try row.decode(column: "item_id", as: UUID.self)
            _ = try await move(itemID, by: quantity.milli, kind: .received, order: orderID, note: "", actor: person.id, on: db)
            return try await findOrder(orderID, on: db)
        }
    }

    // MARK: The ledger

    /// Moves the item's balance by `delta` if it stays at or above zero, and writes the
    /// ledger row with the new balance and an audit entry; a 409 with what is left if not.
    func move(_ itemID: UUID, by delta: Int64, kind: StockMovement.Kind, order: UUID?, note: String, actor: UUID,
                      on db: any Database) async throws -> StockMovement {
        let updated = try await db.sql.update(StockItem.schema)
            .set("stock_milli", to: SQLRaw("stock_milli + \(delta)"))
            .where("id", .equal, SQLBind(itemID)).where(SQLRaw("stock_milli + \(delta) >= 0"))
            .returning("stock_milli").first(decodingColumn: "stock_milli", as: Int64.self)
        guard let balance = updated else {
            let item = try await find(itemID, on: db)
            throw AppError(.conflict, code: "not_enough_stock", key: "ss.error.not_enough_stock",
                           arguments: ["left": Self.text(item.stock), "unit": item.unit])
        }
        let movement = StockMovement()
        movement.itemID = itemID
        movement.kind = kind.rawValue
        movement.deltaMilli = delta
        movement.balanceMilli = balance
        movement.orderID = order
        movement.note = note
        movement.actorID = actor
        movement.at = context.clock.now
        try await movement.create(on: db)
        if delta < 0 { try await alertIfLow(itemID, was: balance - delta, now: balance, on: db) }
        try await context.audit.record("stock.\(kind.rawValue)", entityType: "item", entityID: itemID.uuidString.lowercased(), actor: actor,
                                       before: ["stock": String(balance - delta)], after: ["stock": String(balance)], on: db)
        return movement
    }

    /// A use that takes an item down to its threshold (from above it) tells the storekeepers
    /// and the director, by push and by mail in their language, in the same transaction:
    /// once per crossing, not on every use while it stays low.
    private func alertIfLow(_ itemID: UUID, was before: Int64, now after: Int64, on db: any Database) async throws {
        let item = try await find(itemID, on: db)
        guard after <= item.lowMilli, before > item.lowMilli else { return }
        let people = try await Account.query(on: db).filter(\.$app == SmartShelter.id)
            .filter(\.$role ~~ [ShelterRole.director.rawValue, ShelterRole.storekeeper.rawValue]).filter(\.$deactivatedAt == nil).all()
        let path = ItemPage.path(itemID)
        func text(_ l: Localizer) -> (title: String, body: String) {
            (l.text("ss.low.title", ["item": item.name]),
             l.text("ss.low.body", ["item": item.name, "left": ShelterFormat.quantity(item.stock, item.unit, l),
                                    "threshold": ShelterFormat.quantity(item.low, item.unit, l)]))
        }
        _ = try await context.push.send(app: SmartShelter.id, to: people.compactMap(\.id), on: db) { language in
            let message = text(AlarmService.localizer(language, context.timeZone))
            return PushNotification(title: message.title, body: message.body, url: path, tag: "low-\(itemID.uuidString)")
        }
        for person in people {
            let message = text(AlarmService.localizer(person.preferredLanguage ?? .uk, context.timeZone))
            try await context.mail.enqueue(OutgoingMail(to: person.login, subject: message.title, text: message.body + "\n\n" + context.publicURL + path,
                                                        html: H.div { H.p { message.body }; H.p { H.a(.href(context.publicURL + path)) { item.name } } }.rendered),
                                           on: db)
        }
    }

    func find(_ id: UUID, on db: any Database) async throws -> StockItem {
        guard let item = try await StockItem.find(id, on: db) else { throw Self.itemNotFound }
        return item
    }

    private func findOrder(_ id: UUID, on db: any Database) async throws -> StockOrder {
        guard let order = try await StockOrder.find(id, on: db) else { throw Self.orderNotFound }
        return order
    }

    /// Why an order could not change: it does not exist (404), is not open for this (409),
    /// or the delivery is more than what is still to come (409).
    private func orderRefusal(_ id: UUID, receiving: Quantity? = nil, on db: any Database) async throws -> AppError {
        let order = try await findOrder(id, on: db)
        if let receiving, [.approved, .partlyReceived].contains(order.orderStatus), receiving > order.remaining {
            return AppError(.conflict, code: "more_than_ordered", key: "ss.error.more_than_ordered", arguments: ["left": Self.text(order.remaining)])
        }
        return AppError(.conflict, code: "order_not_open", key: "ss.error.order_not_open")
    }

    static let itemNotFound = AppError.notFound(code: "item_not_found", key: "ss.error.item_not_found")
    static let orderNotFound = AppError.notFound(code: "order_not_found", key: "ss.error.order_not_found")

    static func quantity(_ field: String, _ typed: String?, allowZero: Bool, _ v: inout Kernel.Validator) -> Quantity? {
        guard let typed, !typed.trimmingCharacters(in: .whitespaces).isEmpty else {
            v.add(field, "validation.required")
            return nil
        }
        guard let quantity = Quantity(typed: typed), allowZero || quantity.milli > 0 else {
            v.add(field, "ss.validation.quantity")
            return nil
        }
        return quantity
    }

    /// A quantity as the API and messages write it: "2.5", "10".
    static func text(_ quantity: Quantity) -> String {
        let whole = quantity.milli / 1000, rest = quantity.milli % 1000
        guard rest != 0 else { return String(whole) }
        var fraction = String(format: "%03d", rest)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
