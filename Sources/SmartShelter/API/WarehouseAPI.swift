import Foundation
import Kernel
import Vapor

/// The warehouse: items, uses, stock-takes and orders.
extension ShelterAPI {
    static func items(_ req: Request) async throws -> [M.ItemDTO] {
        try await req.shelter.warehouse.items(for: try await req.staffMember()).map(M.ItemDTO.init)
    }

    static func item(_ req: Request) async throws -> M.ItemWithLedger {
        let person = try await req.staffMember()
        let found = try await req.shelter.warehouse.item(try itemID(req), for: person)
        return M.ItemWithLedger(item: M.ItemDTO(found.item), ledger: found.ledger.map(M.MovementDTO.init))
    }

    static func createItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewItem.self)
        let item = try await req.shelter.warehouse.createItem(name: input.name, kind: input.kind, unit: input.unit, low: input.lowThreshold?.text ?? "0", by: person)
        return try await M.ItemDTO(item).created(at: "\(SmartShelter.descriptor.apiPath)/items/\(item.id!.uuidString.lowercased())", for: req)
    }

    static func useItem(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Use.self)
        let movement = try await req.shelter.warehouse.use(try itemID(req), amount: input.amount?.text, kind: input.kind, note: input.note, by: person)
        return try await M.MovementDTO(movement).encodeResponse(status: .created, for: req)
    }

    static func stockTake(_ req: Request) async throws -> M.ItemDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.StockTake.self)
        return M.ItemDTO(try await req.shelter.warehouse.count(try itemID(req), counted: input.counted?.text, note: input.note, by: person))
    }

    static func orders(_ req: Request) async throws -> [M.OrderDTO] {
        try await req.shelter.warehouse.orders(for: try await req.staffMember()).map(M.OrderDTO.init)
    }

    static func requestOrder(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewOrder.self)
        guard let itemID = input.itemId else { throw AppError.validation([FieldError(field: "itemId", key: "validation.required")]) }
        let order = try await req.shelter.warehouse.requestOrder(of: itemID, amount: input.amount?.text, note: input.note, by: person)
        return try await M.OrderDTO(order).encodeResponse(status: .created, for: req)
    }

    static func decideOrder(_ req: Request) async throws -> M.OrderDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Decision.self)
        guard let approve = input.approve else { throw AppError.validation([FieldError(field: "approve", key: "validation.required")]) }
        return M.OrderDTO(try await req.shelter.warehouse.decide(try orderID(req), approve: approve, by: person))
    }

    static func receiveOrder(_ req: Request) async throws -> M.OrderDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.Receipt.self)
        return M.OrderDTO(try await req.shelter.warehouse.receive(try orderID(req), amount: input.amount?.text, by: person))
    }
}
