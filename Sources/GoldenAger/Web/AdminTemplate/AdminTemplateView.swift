import Foundation
import Kernel
import Vapor

enum AdminTemplateView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Which template (`id`, nil for a new one) and whether it is archived, the form's
    /// state, and the categories it may belong to.
    struct Model {
        let member: Member
        let id: UUID?
        let isArchived: Bool
        let state: FormState
        let categories: [Category]
    }

    static func page(_ model: Model, status: HTTPResponseStatus, _ c: ViewContext) -> Page {
        let l = c.localizer
        let title = l.text(model.id == nil ? "ga.admin.new_template" : "ga.admin.edit_template")
        return GoldenAgerWeb.shell(model.member, title: title, section: .admin, status: status, c) {
            H.h1 { title }
            Components.errorSummary(model.state, l)
            form(model, c)
            if let id = model.id { archiveForm(id, isArchived: model.isArchived, c) }
            GoldenAgerWeb.backLink("\(prefix)/admin/categories", l)
        }
    }

    private static func form(_ model: Model, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let state = model.state
        let action = model.id.map { "\(prefix)/admin/templates/\($0)" } ?? "\(prefix)/admin/templates"
        let categories = model.categories.compactMap { category in category.id.map { ($0.uuidString, category.name(in: l.language)) } }
        return Components.postForm(c, action: action, classes: "card") {
            SelectField(name: "categoryId", label: l.text("ga.field.category"), options: categories).render(state, l)
            FormField(name: "titleUk", label: l.text("ga.field.title_uk"), maxLength: 80).render(state, l)
            FormField(name: "descriptionUk", label: l.text("ga.field.description_uk"), maxLength: 600).render(state, l)
            FormField(name: "titleEn", label: l.text("ga.field.title_en"), maxLength: 80).render(state, l)
            FormField(name: "descriptionEn", label: l.text("ga.field.description_en"), maxLength: 600).render(state, l)
            FormField(name: "volunteerUk", label: l.text("ga.field.volunteer_uk"), hint: l.text("ga.hint.volunteer_text"), maxLength: 600).render(state, l)
            FormField(name: "volunteerEn", label: l.text("ga.field.volunteer_en"), maxLength: 600).render(state, l)
            FormField(name: "minutes", label: l.text("ga.field.minutes"), type: "number", inputMode: "numeric").render(state, l)
            Components.primaryButton(l.text("ga.admin.save"))
        }
    }

    /// Archive (red), or restore an archived template.
    private static func archiveForm(_ id: UUID, isArchived: Bool, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return Components.postForm(c, action: "\(prefix)/admin/templates/\(id)/\(isArchived ? "restore" : "archive")") {
            H.button(.type("submit"), .class(isArchived ? "button" : "button button-no")) { l.text(isArchived ? "ga.admin.restore" : "ga.admin.archive") }
        }
    }
}
