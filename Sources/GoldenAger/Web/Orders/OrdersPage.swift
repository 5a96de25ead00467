import Foundation
import Kernel
import Vapor

/// `/orders`: the pensioner's orders, and placing one (the form on `TemplatePage`).
enum OrdersPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.post("orders", use: order)
        web.get("orders", use: orders)
    }

    /// Places an order and shows it; a second tap, or an order already waiting, shows
    /// the one there is instead of a second.
    static func order(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        guard let templateID = (try? req.content.get(String.self, at: "templateId")).flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found")
        }
        let pensionerID = member.role == .pensioner
            ? member.id : (try? req.content.get(String.self, at: "pensionerId")).flatMap(UUID.init(uuidString:))
        guard let pensionerID else { return RelativesPage.pickFirst(req, member) }
        do {
            let task = try await req.goldenAger.tasks.order(templateID: templateID, for: pensionerID, by: member)
            return req.redirect(to: "\(prefix)/orders/\(task.id!)", flash: .success, "ga.order.placed")
        } catch let error as AppError where error.code == "open_task_exists" {
            let open = try await req.goldenAger.tasks.openOrder(of: pensionerID)
            return req.redirect(to: open.map { "\(prefix)/orders/\($0.id!)" } ?? "\(prefix)/orders", flash: .info, error.key)
        }
    }

    static func orders(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative)
        let orders = try await req.goldenAger.tasks.orders(of: member)
        return req.render(OrdersView.page(member, orders: orders, req.viewContext))
    }
}
