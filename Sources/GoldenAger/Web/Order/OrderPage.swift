import Foundation
import Kernel
import Vapor

/// `/orders/:id`: one of the pensioner's orders (or, for a relative, their pensioner's), whose status part refreshes itself when
/// something happens to it, and its buttons: cancel, and done once a volunteer has helped.
enum OrderPage {
    static func register(on web: any RoutesBuilder) {
        web.get("orders", ":taskID", use: order)
        web.get("orders", ":taskID", "status", use: status)
        web.post("orders", ":taskID", "cancel", use: cancel)
        web.post("orders", ":taskID", "complete", use: complete)
    }

    static func path(_ id: UUID) -> String { "\(GoldenAgerWeb.prefix)/orders/\(id)" }

    /// The order in the path, if it is the pensioner's own (another's is not found), or
    /// — for a coordinator on the phone — one of a pensioner they serve.
    static func details(_ req: Request, _ member: Member) async throws -> TaskDetails {
        let details = try await req.goldenAger.tasks.task(try req.uuidParameter("taskID"), for: member)
        if member.role == .coordinator || member.role == .admin {
            _ = try await req.goldenAger.operators.pensioner(details.task.pensionerID, for: member)
            return details
        }
        guard details.isPensionersSide else { throw AppError.notFound() }
        return details
    }

    static func order(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        return req.render(OrderView.page(member, try await model(req, member), req.viewContext))
    }

    /// The live region's new content.
    static func status(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        return Response.fragment(OrderView.status(try await model(req, member), req.viewContext))
    }

    /// The order, and while it waits, how many volunteers of its city are online now.
    static func model(_ req: Request, _ member: Member) async throws -> OrderView.Model {
        let details = try await details(req, member)
        let online = details.task.status == .searching ? try await req.goldenAger.catalog.onlineVolunteers(in: details.task.city) : nil
        return OrderView.Model(details: details, onlineVolunteers: online)
    }

    static func cancel(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .pensioner, .relative, .coordinator, .admin, fallback: path, next: path, .success, "ga.order.cancelled_flash") {
            _ = try await $0.cancel(taskID: $1, by: $2)
        }
    }

    static func complete(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .pensioner, .relative, fallback: path, next: path, .success, "ga.order.done_flash") {
            _ = try await $0.complete(taskID: $1, by: $2)
        }
    }
}
