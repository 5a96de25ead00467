import Fluent
import Kernel
import Vapor

/// `/admin/categories`: each category's names in both languages, and its templates
/// (archived ones marked) with the way to edit them or add one (`AdminTemplatePage`).
enum AdminCategoriesPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "categories", use: categories)
        web.post("admin", "categories", ":categoryID", use: rename)
    }

    static func categories(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let categories = try await req.goldenAger.catalog.categories()
        let templates = try await TaskTemplate.query(on: req.db).sort(\.$position).all()
        let byCategory = Dictionary(grouping: templates, by: { $0.$category.id })
        return req.render(AdminCategoriesView.page(member, categories: categories, templates: byCategory, req.viewContext))
    }

    /// A rename form is one of many on the page, so a wrong name comes back as a message.
    static func rename(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.renameCategory(try req.uuidParameter("categoryID"),
                                                                       nameUK: state.values["nameUk"], nameEN: state.values["nameEn"], by: member)
            return req.redirect(to: "\(prefix)/admin/categories", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return req.redirect(to: "\(prefix)/admin/categories", flash: .error, error.fieldErrors[0].key, error.fieldErrors[0].arguments)
        }
    }
}
