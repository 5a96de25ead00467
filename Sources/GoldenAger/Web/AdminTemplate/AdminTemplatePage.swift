import Fluent
import Foundation
import Kernel
import Vapor

/// `/admin/templates/new` and `/admin/templates/:id`: a ready-made task's titles and
/// descriptions in both languages, its category and duration; archiving takes it off
/// the pensioners' lists without touching the tasks ordered from it.
enum AdminTemplatePage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "templates", "new", use: new)
        web.post("admin", "templates", use: create)
        web.get("admin", "templates", ":templateID", use: edit)
        web.post("admin", "templates", ":templateID", use: update)
        web.post("admin", "templates", ":templateID", "archive") { req in try await archive(req, true) }
        web.post("admin", "templates", ":templateID", "restore") { req in try await archive(req, false) }
    }

    /// An empty form in the category it was opened from.
    static func new(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        return try await respond(req, member, id: nil, state: FormState(values: ["categoryId": req.query[String.self, at: "category"] ?? "", "minutes": "60"]))
    }

    static func edit(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let id = try req.uuidParameter("templateID")
        guard let template = try await TaskTemplate.find(id, on: req.db) else { throw AppError.notFound() }
        return try await respond(req, member, id: id, archived: template.archivedAt != nil, state: FormState(values: [
            "categoryId": template.$category.id.uuidString, "titleUk": template.titleUK, "titleEn": template.titleEN,
            "descriptionUk": template.descriptionUK, "descriptionEn": template.descriptionEN, "minutes": String(template.minutes),
            "volunteerUk": template.volunteerDescriptionUK ?? "", "volunteerEn": template.volunteerDescriptionEN ?? "",
        ]))
    }

    /// The form for template `id` (nil: a new one); the categories to pick from leave out the consultation.
    static func respond(_ req: Request, _ member: Member, id: UUID?, archived: Bool = false, state: FormState,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let categories = try await req.goldenAger.catalog.categories().filter { !$0.isConsultation }
        let model = AdminTemplateView.Model(member: member, id: id, isArchived: archived, state: state, categories: categories)
        return req.render(AdminTemplateView.page(model, status: status, req.viewContext))
    }

    static func create(_ req: Request) async throws -> Response {
        try await save(req, id: nil)
    }

    static func update(_ req: Request) async throws -> Response {
        try await save(req, id: try req.uuidParameter("templateID"))
    }

    static func save(_ req: Request, id: UUID?) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.saveTemplate(id, input(state), by: member)
            return req.redirect(to: "\(prefix)/admin/categories", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await respond(req, member, id: id, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func input(_ state: FormState) -> AdministrationService.TemplateInput {
        let v = state.values
        return .init(categoryID: v["categoryId"], titleUK: v["titleUk"], titleEN: v["titleEn"], descriptionUK: v["descriptionUk"],
                     descriptionEN: v["descriptionEn"], volunteerUK: v["volunteerUk"], volunteerEN: v["volunteerEn"], minutes: v["minutes"])
    }

    static func archive(_ req: Request, _ archived: Bool) async throws -> Response {
        let member = try await req.member(.admin)
        try await req.goldenAger.administration.setTemplateArchived(try req.uuidParameter("templateID"), archived, by: member)
        return req.redirect(to: "\(prefix)/admin/categories", flash: .success, "ga.admin.saved")
    }
}
