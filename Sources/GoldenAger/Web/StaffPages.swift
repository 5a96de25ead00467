import Fluent
import Foundation
import Kernel
import Vapor

/// Coordinators and admins: the live board, accounts, and (admins) the app's settings.
enum StaffPages {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("board", use: board)
        web.get("board", "content", use: boardFragment)
        web.get("admin", use: adminHome)
        web.get("admin", "accounts", use: accounts)
        web.post("admin", "accounts", ":accountID", "deactivate", use: deactivate)
        web.post("admin", "accounts", ":accountID", "reset-code", use: issueResetCode)
        web.get("admin", "organisations", use: organisations)
        web.post("admin", "organisations", use: createOrganisation)
        web.post("admin", "organisations", ":organisationID", use: renameOrganisation)
        web.post("admin", "coordinators", use: createCoordinator)
        web.get("admin", "categories", use: categories)
        web.post("admin", "categories", ":categoryID", use: renameCategory)
        web.get("admin", "templates", "new", use: newTemplate)
        web.post("admin", "templates", use: createTemplate)
        web.get("admin", "templates", ":templateID", use: editTemplate)
        web.post("admin", "templates", ":templateID", use: saveTemplate)
        web.post("admin", "templates", ":templateID", "archive") { req in try await archive(req, true) }
        web.post("admin", "templates", ":templateID", "restore") { req in try await archive(req, false) }
        web.get("admin", "consultation", use: consultation)
        web.post("admin", "consultation", use: saveConsultation)
    }

    // MARK: Board

    static func board(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let l = req.localizer
        let content = try await boardContent(req, member)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.board.title"), section: .board) {
            H.h1 { l.text("ga.board.title") }
            H.div(.id("board"), .class("live-region"), .data("refresh-url", "\(prefix)/board/content"),
                  .data("refresh-on", GoldenAgerEvents.names.joined(separator: ","))) { content }
        }
    }

    static func boardFragment(_ req: Request) async throws -> Response {
        GoldenAgerWeb.fragment(try await boardContent(req, try await req.member(.coordinator, .admin)))
    }

    static func boardContent(_ req: Request, _ member: Member) async throws -> HTML {
        let l = req.localizer
        let board = try await req.goldenAger.administration.board(for: member)
        return HTMLBuilder.join([
            H.h2 { l.plural("ga.board.open", count: board.openTasks.count) },
            H.div(.class("table-scroll")) {
                H.table(.class("board-tasks")) {
                    H.thead { H.tr { H.th { l.text("ga.board.task") }; H.th { l.text("ga.field.city") }; H.th { l.text("ga.board.status") }; H.th { l.text("ga.board.since") } } }
                    H.tbody {
                        for details in board.openTasks {
                            H.tr {
                                H.td { details.template.title(in: l.language) }
                                H.td { GoldenAgerWeb.cityName(details.task.city, l) }
                                H.td {
                                    GoldenAgerWeb.statusBadge(details.task.status, l)
                                    if let volunteer = details.volunteer { " \(volunteer.firstName) \(volunteer.lastName)" }
                                }
                                H.td { l.dateTime(details.task.createdAt) }
                            }
                        }
                    }
                }
            },
            H.h2 { l.plural("ga.board.online", count: board.onlineVolunteers.count) },
            H.ul(.class("plain-list")) {
                for volunteer in board.onlineVolunteers {
                    H.li {
                        "\(volunteer.fullName) · \(GoldenAgerWeb.cityName(volunteer.city, l))"
                        if let organisation = volunteer.$organisation.id.flatMap({ board.organisations[$0] }) { " · \(organisation)" }
                    }
                }
            },
        ])
    }

    // MARK: Accounts

    static func accounts(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let l = req.localizer
        let query = req.query[String.self, at: "q"]
        let found = try await req.goldenAger.administration.findAccount(query, by: member)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.accounts.title"), section: .accounts) {
            H.h1 { l.text("ga.accounts.title") }
            H.form(Attribute("method", "get"), Attribute("action", "\(prefix)/admin/accounts"), .class("card")) {
                FormField(name: "q", label: l.text("ga.accounts.search"), type: "search", hint: l.text("ga.accounts.search_hint"), maxLength: 60)
                    .render(FormState(values: ["q": query ?? ""]), l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.accounts.find") }
            }
            if let query, !query.isEmpty {
                if let found {
                    H.section(.class("card")) {
                        H.h2 { found.account.displayName }
                        H.p { "\(l.text("ga.role.\(found.account.role)")) · \(PhoneNumber.display(found.account.login))" }
                        if found.account.isActive {
                            Components.postForm(req, action: "\(prefix)/admin/accounts/\(found.id)/reset-code") {
                                H.button(.type("submit"), .class("button button-block")) { l.text("ga.reset.issue") }
                            }
                            Components.postForm(req, action: "\(prefix)/admin/accounts/\(found.id)/deactivate",
                                                confirm: l.text("ga.accounts.deactivate_confirm", ["name": found.account.displayName])) {
                                Components.dangerButton(l.text("ga.accounts.deactivate"))
                            }
                        } else {
                            H.p(.class("flash flash-info")) { l.text("ga.accounts.inactive") }
                        }
                    }
                } else {
                    H.p(.class("lead")) { l.text("ga.accounts.not_found") }
                }
            }
        }
    }

    /// Shows the code once, in the flash message, on the accounts page.
    static func issueResetCode(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        let (target, issued) = try await req.goldenAger.administration.issueResetCode(for: try req.uuidParameter("accountID"), by: member)
        let time = req.localizer.time(issued.expiresAt)
        return req.redirect(to: "\(prefix)/admin/accounts?q=\(target.account.login)", flash: .success, "ga.reset.issued",
                            ["name": target.account.displayName, "code": issued.code, "time": time])
    }

    static func deactivate(_ req: Request) async throws -> Response {
        let member = try await req.member(.coordinator, .admin)
        try await req.goldenAger.administration.deactivate(try req.uuidParameter("accountID"), by: member)
        return req.redirect(to: "\(prefix)/admin/accounts", flash: .success, "ga.accounts.deactivated")
    }

    // MARK: Admin

    static func adminHome(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let l = req.localizer
        return GoldenAgerWeb.page(req, member, title: l.text("ga.admin.title"), section: .admin) {
            H.h1 { l.text("ga.admin.title") }
            H.ul(.class("choices")) {
                for (path, key) in [("admin/organisations", "ga.admin.organisations"), ("admin/categories", "ga.admin.categories"),
                                    ("admin/consultation", "ga.admin.consultation"), ("admin/audit", "ga.admin.audit")] {
                    H.li { H.a(.class("choice"), .href("\(prefix)/\(path)")) { H.span(.class("choice-title")) { l.text(key) } } }
                }
            }
        }
    }

    static func organisations(_ req: Request) async throws -> Response {
        try await organisationsPage(req, try await req.member(.admin), state: FormState(), coordinator: FormState())
    }

    static func organisationsPage(_ req: Request, _ member: Member, state: FormState, coordinator: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        let organisations = try await req.goldenAger.catalog.organisations()
        let options = organisations.compactMap { o in o.id.map { ($0.uuidString, o.name) } }
        return GoldenAgerWeb.page(req, member, title: l.text("ga.admin.organisations"), section: .admin, status: status) {
            H.h1 { l.text("ga.admin.organisations") }
            for organisation in organisations {
                Components.postForm(req, action: "\(prefix)/admin/organisations/\(organisation.id!)", classes: "card inline-form") {
                    FormField(name: "name", label: l.text("ga.field.organisation_name"), maxLength: 100)
                        .render(FormState(values: ["name": organisation.name]), l)
                    H.button(.type("submit"), .class("button")) { l.text("ga.admin.rename") }
                }
            }
            H.h2 { l.text("ga.admin.new_organisation") }
            Components.postForm(req, action: "\(prefix)/admin/organisations", classes: "card") {
                FormField(name: "name", label: l.text("ga.field.organisation_name"), maxLength: 100).render(state, l)
                Components.primaryButton(l.text("ga.admin.add"))
            }
            H.h2 { l.text("ga.admin.new_coordinator") }
            Components.postForm(req, action: "\(prefix)/admin/coordinators", classes: "card") {
                Components.errorSummary(coordinator, l)
                SelectField(name: "organisationId", label: l.text("ga.field.organisation"), options: options).render(coordinator, l)
                FormField(name: "phone", label: l.text("ga.field.phone"), type: "tel", hint: l.text("ga.hint.phone"), maxLength: 40).render(coordinator, l)
                FormField(name: "firstName", label: l.text("ga.field.firstName"), maxLength: ProfileRules.nameMax).render(coordinator, l)
                FormField(name: "lastName", label: l.text("ga.field.lastName"), maxLength: ProfileRules.nameMax).render(coordinator, l)
                FormField(name: "birthday", label: l.text("ga.field.birthday"), hint: l.text("ga.hint.birthday"), maxLength: 20).render(coordinator, l)
                SelectField(name: "city", label: l.text("ga.field.city"), options: City.all.map { ($0.id, $0.name(in: l.language)) }).render(coordinator, l)
                FormField(name: "password", label: l.text("ga.field.password"), type: "password", hint: l.text("ga.hint.password"), autocomplete: "new-password", maxLength: 200).render(coordinator, l)
                Components.primaryButton(l.text("ga.admin.add"))
            }
        }
    }

    static func createOrganisation(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.createOrganisation(name: state.values["name"], by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await organisationsPage(req, member, state: FormState(values: state.values, errors: error.fieldErrors), coordinator: FormState(), status: error.status)
        }
    }

    static func renameOrganisation(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let id = try req.uuidParameter("organisationID")
        let name = (try? req.content.get(String.self, at: "name")) ?? ""
        do {
            _ = try await req.goldenAger.administration.renameOrganisation(id, name: name, by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .error, error.fieldErrors[0].key, error.fieldErrors[0].arguments)
        }
    }

    static func createCoordinator(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        let v = state.values
        do {
            _ = try await req.goldenAger.administration.createCoordinator(RegistrationInput(
                role: .coordinator, phone: v["phone"], password: v["password"], firstName: v["firstName"], lastName: v["lastName"],
                birthday: v["birthday"], city: v["city"], organisationID: v["organisationId"]), by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.admin.coordinator_created")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await organisationsPage(req, member, state: FormState(), coordinator: FormState(values: v, errors: error.fieldErrors), status: error.status)
        }
    }

    static func categories(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let l = req.localizer
        let categories = try await req.goldenAger.catalog.categories()
        let templates = try await TaskTemplate.query(on: req.db).sort(\.$position).all()
        let byCategory = Dictionary(grouping: templates, by: { $0.$category.id })
        return GoldenAgerWeb.page(req, member, title: l.text("ga.admin.categories"), section: .admin) {
            H.h1 { l.text("ga.admin.categories") }
            for category in categories {
                H.section(.class("card")) {
                    Components.postForm(req, action: "\(prefix)/admin/categories/\(category.id!)") {
                        FormField(name: "nameUk", label: l.text("ga.field.name_uk"), maxLength: 60).render(FormState(values: ["nameUk": category.nameUK]), l)
                        FormField(name: "nameEn", label: l.text("ga.field.name_en"), maxLength: 60).render(FormState(values: ["nameEn": category.nameEN]), l)
                        H.button(.type("submit"), .class("button")) { l.text("ga.admin.rename") }
                    }
                    if !category.isConsultation {
                        H.ul(.class("plain-list")) {
                            for template in byCategory[category.id!] ?? [] {
                                H.li {
                                    H.a(.href("\(prefix)/admin/templates/\(template.id!)")) { template.title(in: l.language) }
                                    if template.archivedAt != nil { " (\(l.text("ga.admin.archived")))" }
                                }
                            }
                        }
                        H.a(.class("button"), .href("\(prefix)/admin/templates/new?category=\(category.id!)")) { l.text("ga.admin.new_template") }
                    }
                }
            }
        }
    }

    static func renameCategory(_ req: Request) async throws -> Response {
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

    static func newTemplate(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        return try await templatePage(req, member, id: nil, state: FormState(values: ["categoryId": req.query[String.self, at: "category"] ?? "", "minutes": "60"]))
    }

    static func editTemplate(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let id = try req.uuidParameter("templateID")
        guard let template = try await TaskTemplate.find(id, on: req.db) else { throw AppError.notFound() }
        return try await templatePage(req, member, id: id, archived: template.archivedAt != nil, state: FormState(values: [
            "categoryId": template.$category.id.uuidString, "titleUk": template.titleUK, "titleEn": template.titleEN,
            "descriptionUk": template.descriptionUK, "descriptionEn": template.descriptionEN, "minutes": String(template.minutes),
        ]))
    }

    static func templatePage(_ req: Request, _ member: Member, id: UUID?, archived: Bool = false, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        let categories = try await req.goldenAger.catalog.categories().filter { !$0.isConsultation }
        let action = id.map { "\(prefix)/admin/templates/\($0)" } ?? "\(prefix)/admin/templates"
        return GoldenAgerWeb.page(req, member, title: l.text(id == nil ? "ga.admin.new_template" : "ga.admin.edit_template"), section: .admin, status: status) {
            H.h1 { l.text(id == nil ? "ga.admin.new_template" : "ga.admin.edit_template") }
            Components.errorSummary(state, l)
            Components.postForm(req, action: action, classes: "card") {
                SelectField(name: "categoryId", label: l.text("ga.field.category"), options: categories.compactMap { c in c.id.map { ($0.uuidString, c.name(in: l.language)) } }).render(state, l)
                FormField(name: "titleUk", label: l.text("ga.field.title_uk"), maxLength: 80).render(state, l)
                FormField(name: "descriptionUk", label: l.text("ga.field.description_uk"), maxLength: 600).render(state, l)
                FormField(name: "titleEn", label: l.text("ga.field.title_en"), maxLength: 80).render(state, l)
                FormField(name: "descriptionEn", label: l.text("ga.field.description_en"), maxLength: 600).render(state, l)
                FormField(name: "minutes", label: l.text("ga.field.minutes"), type: "number", inputMode: "numeric").render(state, l)
                Components.primaryButton(l.text("ga.admin.save"))
            }
            if let id {
                Components.postForm(req, action: "\(prefix)/admin/templates/\(id)/\(archived ? "restore" : "archive")") {
                    H.button(.type("submit"), .class(archived ? "button" : "button button-no")) { l.text(archived ? "ga.admin.restore" : "ga.admin.archive") }
                }
            }
            GoldenAgerWeb.backLink("\(prefix)/admin/categories", l)
        }
    }

    static func templateInput(_ state: FormState) -> AdministrationService.TemplateInput {
        let v = state.values
        return .init(categoryID: v["categoryId"], titleUK: v["titleUk"], titleEN: v["titleEn"], descriptionUK: v["descriptionUk"],
                     descriptionEN: v["descriptionEn"], minutes: v["minutes"])
    }

    static func createTemplate(_ req: Request) async throws -> Response {
        try await save(req, id: nil)
    }

    static func saveTemplate(_ req: Request) async throws -> Response {
        try await save(req, id: try req.uuidParameter("templateID"))
    }

    static func save(_ req: Request, id: UUID?) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.saveTemplate(id, templateInput(state), by: member)
            return req.redirect(to: "\(prefix)/admin/categories", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await templatePage(req, member, id: id, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func archive(_ req: Request, _ archived: Bool) async throws -> Response {
        let member = try await req.member(.admin)
        try await req.goldenAger.administration.setTemplateArchived(try req.uuidParameter("templateID"), archived, by: member)
        return req.redirect(to: "\(prefix)/admin/categories", flash: .success, "ga.admin.saved")
    }

    static func consultation(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let phone = try await req.goldenAger.catalog.consultationPhone()
        return consultationPage(req, member, state: FormState(values: ["phone": phone.map(PhoneNumber.display) ?? ""]))
    }

    static func consultationPage(_ req: Request, _ member: Member, state: FormState, status: HTTPResponseStatus = .ok) -> Response {
        let l = req.localizer
        return GoldenAgerWeb.page(req, member, title: l.text("ga.admin.consultation"), section: .admin, status: status) {
            H.h1 { l.text("ga.admin.consultation") }
            Components.postForm(req, action: "\(prefix)/admin/consultation", classes: "card") {
                FormField(name: "phone", label: l.text("ga.field.consultation_phone"), type: "tel", hint: l.text("ga.hint.consultation"), maxLength: 40).render(state, l)
                Components.primaryButton(l.text("ga.admin.save"))
            }
        }
    }

    static func saveConsultation(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.setConsultationPhone(state.values["phone"], by: member)
            return req.redirect(to: "\(prefix)/admin/consultation", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return consultationPage(req, member, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }
}
