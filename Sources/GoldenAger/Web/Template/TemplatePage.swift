import Kernel
import Vapor

/// `/templates/:id`: one ready-made task, and the button that orders it (`OrdersPage`).
enum TemplatePage {
    static func register(on web: any RoutesBuilder) {
        web.get("templates", ":templateID", use: template)
    }

    static func template(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        guard let pensioner = try await RelativesPage.orderingFor(req, member) else { return RelativesPage.pickFirst(req, member) }
        let template = try await req.goldenAger.catalog.template(try req.uuidParameter("templateID"))
        let unserved = try await req.goldenAger.catalog.unserved(pensioner.city, for: .pensioner, req.localizer)
        let open = try await req.goldenAger.tasks.openOrder(of: try pensioner.requireID())
        return req.render(TemplateView.page(member, template, orderingFor: member.role == .pensioner ? nil : pensioner,
                                            unserved: unserved, openOrder: open, req.viewContext))
    }
}
