import Foundation
import Kernel
import Vapor

/// `/shelter/warehouse/items/{id}`: an item's stock and its ledger; uses (feeding,
/// treatment, write-off), a stock-take and an order request.
enum ItemPage {
    static func register(on web: any RoutesBuilder) {
        web.get("warehouse", "items", ":itemID", use: show)
        web.post("warehouse", "items", ":itemID", "uses", use: use)
        web.post("warehouse", "items", ":itemID", "stock-take", use: count)
        web.post("warehouse", "items", ":itemID", "orders", use: order)
    }

    static func path(_ id: UUID) -> String { "\(WarehousePage.path)/items/\(id.uuidString.lowercased())" }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let found = try await req.shelter.warehouse.item(try itemID(req), for: person)
        return req.render(ItemView(person: person, item: found.item, ledger: found.ledger, c: req.viewContext(for: person.account)).page)
    }

    static func use(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try itemID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path(id)) {
            _ = try await req.shelter.warehouse.use(id, amount: form["amount"], kind: form["kind"], note: form["note"], by: person)
            return req.redirect(to: path(id), flash: .success, "ss.warehouse.used")
        }
    }

    static func count(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try itemID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path(id)) {
            _ = try await req.shelter.warehouse.count(id, counted: form["counted"], note: form["note"], by: person)
            return req.redirect(to: path(id), flash: .success, "ss.warehouse.counted")
        }
    }

    static func order(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try itemID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path(id)) {
            _ = try await req.shelter.warehouse.requestOrder(of: id, amount: form["amount"], note: form["note"], by: person)
            return req.redirect(to: WarehousePage.path, flash: .success, "ss.order.requested")
        }
    }

    private static func itemID(_ req: Request) throws -> UUID {
        try req.uuidParameter("itemID", notFound: "item_not_found", key: "ss.error.item_not_found")
    }
}
