import Foundation
import Kernel
import Vapor

/// `/shelter/warehouse`: items and their stock (low ones first), new items, and orders —
/// requested by the storekeeper, approved by the director, received as they come.
enum WarehousePage {
    static func register(on web: any RoutesBuilder) {
        web.get("warehouse", use: show)
        web.post("warehouse", "items", use: createItem)
        web.post("warehouse", "orders", ":orderID", "decision", use: decide)
        web.post("warehouse", "orders", ":orderID", "receipts", use: receive)
    }

    static let path = "\(ShelterWeb.prefix)/warehouse"

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let items = try await req.shelter.warehouse.items(for: person)
        let orders = person.role == .doctor ? [] : try await req.shelter.warehouse.orders(for: person)
        return req.render(WarehouseView(person: person, items: items, orders: orders, c: req.viewContext(for: person.account)).page)
    }

    static func createItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path) {
            let item = try await req.shelter.warehouse.createItem(name: form["name"], unit: form["unit"], low: form["lowThreshold"], by: person)
            return req.redirect(to: ItemPage.path(item.id!), flash: .success, "ss.warehouse.item_created")
        }
    }

    static func decide(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try orderID(req)
        let approve = FormState.submitted(by: req).values["approve"] == "1"
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.warehouse.decide(id, approve: approve, by: person)
            return req.redirect(to: path, flash: .success, approve ? "ss.order.approved" : "ss.order.rejected")
        }
    }

    static func receive(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try orderID(req)
        let amount = FormState.submitted(by: req).values["amount"]
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.warehouse.receive(id, amount: amount, by: person)
            return req.redirect(to: path, flash: .success, "ss.order.received_flash")
        }
    }

    private static func orderID(_ req: Request) throws -> UUID {
        try req.uuidParameter("orderID", notFound: "order_not_found", key: "ss.error.order_not_found")
    }
}

struct WarehouseView {
    let person: StaffMember
    let items: [StockItem]
    let orders: [StockOrder]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.warehouse.title"), section: .warehouse, c) {
            H.h1 { l.text("ss.warehouse.title") }
            H.p { H.a(.class("button"), .href(FeedingPage.path)) { l.text("ss.feeding.title") } }
            if items.isEmpty { H.p(.class("empty")) { l.text("ss.warehouse.empty") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(items.map { item in
                    H.li(.class("card stock-item\(item.isLow ? " low" : "")")) {
                        H.h2 { H.a(.href(ItemPage.path(item.id!))) { item.name } }
                        H.p(.class("stock")) {
                            ShelterFormat.quantity(item.stock, item.unit, l)
                            if item.isLow { " · "; H.strong(.class("low-label")) { l.text("ss.warehouse.low") } }
                        }
                    }
                })
            }
            if person.role != .doctor {
                orderList
                newItem
            }
        }
    }

    private var orderList: HTML {
        let names = Dictionary(uniqueKeysWithValues: items.map { ($0.id!, $0) })
        return H.section(.class("card"), .aria("labelledby", "orders")) {
            H.h2(.id("orders")) { l.text("ss.order.title") }
            if orders.isEmpty { H.p(.class("empty")) { l.text("ss.order.none") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(orders.map { order in
                    let item = names[order.itemID]
                    let unit = item?.unit ?? ""
                    let id = order.id!.uuidString.lowercased()
                    return H.li(.class("order")) {
                        H.strong { item?.name ?? "" }
                        H.p {
                            l.text("ss.order.line", ["amount": ShelterFormat.quantity(Quantity(milli: order.amountMilli), unit, l),
                                                     "received": ShelterFormat.quantity(Quantity(milli: order.receivedMilli), unit, l),
                                                     "status": l.text("ss.order.status.\(order.status)")])
                        }
                        if order.orderStatus == .requested && person.role == .director {
                            H.div(.class("button-row")) {
                                Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/decision") {
                                    H.input(.type("hidden"), .name("approve"), .value("1"))
                                    Components.primaryButton(l.text("ss.order.approve"))
                                }
                                Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/decision") {
                                    H.input(.type("hidden"), .name("approve"), .value("0"))
                                    H.button(.class("button"), .type("submit")) { l.text("ss.order.reject") }
                                }
                            }
                        }
                        if [.approved, .partlyReceived].contains(order.orderStatus) {
                            Components.postForm(c, action: "\(WarehousePage.path)/orders/\(id)/receipts") {
                                FormField(name: "amount", label: l.text("ss.order.received_amount", ["name": item?.name ?? ""]), inputMode: "decimal", maxLength: 16)
                                    .render(FormState(values: ["amount": WarehouseService.text(order.remaining)]), l)
                                Components.primaryButton(l.text("ss.order.receive"))
                            }
                        }
                    }
                })
            }
        }
    }

    private var newItem: HTML {
        H.section(.class("card"), .aria("labelledby", "new-item")) {
            H.h2(.id("new-item")) { l.text("ss.warehouse.new_item") }
            Components.postForm(c, action: "\(WarehousePage.path)/items") {
                FormField(name: "name", label: l.text("ss.field.item_name"), maxLength: WarehouseService.nameMaxLength).render(FormState(), l)
                FormField(name: "unit", label: l.text("ss.field.unit_name"), hint: l.text("ss.hint.unit"), maxLength: WarehouseService.unitMaxLength)
                    .render(FormState(), l)
                FormField(name: "lowThreshold", label: l.text("ss.field.low"), inputMode: "decimal", maxLength: 16).render(FormState(values: ["lowThreshold": "0"]), l)
                Components.primaryButton(l.text("ss.warehouse.add_item"))
            }
        }
    }
}
