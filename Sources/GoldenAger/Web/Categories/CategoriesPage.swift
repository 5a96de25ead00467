import Kernel
import Vapor

/// `/categories`: the pensioner's kinds of help as large tiles, and `/categories/:id`:
/// the ready-made tasks of one (or, for the consultation, the number to call).
enum CategoriesPage {
    static func register(on web: any RoutesBuilder) {
        web.get("categories", use: categories)
        web.get("categories", ":categoryID", use: category)
    }

    /// The tiles, and a way back to the order still open.
    /// A relative sees whom they order for; one who has not picked anyone picks first.
    static func categories(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        guard let pensioner = try await RelativesPage.orderingFor(req, member) else { return RelativesPage.pickFirst(req, member) }
        let categories = try await req.goldenAger.catalog.categories()
        let open = try await req.goldenAger.tasks.openOrder(of: try pensioner.requireID())
        let unserved = try await req.goldenAger.catalog.unserved(pensioner.city, for: .pensioner, req.localizer)
        return req.render(CategoriesView.page(member, categories: categories, openOrder: open,
                                              orderingFor: member.role == .pensioner ? nil : pensioner, unserved: unserved, req.viewContext))
    }

    static func category(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .relative, .coordinator, .admin)
        let catalog = req.goldenAger.catalog
        let category = try await catalog.category(try req.uuidParameter("categoryID"))
        if category.isConsultation {
            let phone = try await catalog.consultationPhone()
            return req.render(CategoriesView.consultation(member, category: category, phone: phone, req.viewContext))
        }
        let templates = try await catalog.templates(in: category.requireID())
        return req.render(CategoriesView.category(member, category, templates: templates, req.viewContext))
    }
}
