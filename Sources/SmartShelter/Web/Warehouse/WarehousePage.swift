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
        let requesters = try await req.shelter.warehouse.requesters(of: orders)
        return req.render(WarehouseView(person: person, items: items, orders: orders, requesters: requesters,
                                        c: req.viewContext(for: person.account)).page)
    }

    static func createItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path) {
            let item = try await req.shelter.warehouse.createItem(name: form["name"], kind: form["kind"], unit: form["unit"], low: form["lowThreshold"], by: person)
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
