import Kernel
import Vapor

/// `/admin/organisations`: the volunteers' organisations (renamed in place, or added),
/// and adding a coordinator to one.
enum AdminOrganisationsPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("admin", "organisations", use: organisations)
        web.post("admin", "organisations", use: create)
        web.post("admin", "organisations", ":organisationID", use: rename)
        web.post("admin", "organisations", ":organisationID", "cities", use: setCities)
        web.post("admin", "coordinators", use: createCoordinator)
    }

    static func organisations(_ req: Request) async throws -> Response {
        try await respond(req, try await req.member(.admin), newOrganisation: FormState(), coordinator: FormState())
    }

    /// The page with the two forms' states (what was typed and what was wrong).
    static func respond(_ req: Request, _ member: Member, newOrganisation: FormState, coordinator: FormState,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let catalog = req.goldenAger.catalog
        let organisations = try await catalog.organisations()
        let model = AdminOrganisationsView.Model(member: member, organisations: organisations, cities: try await catalog.cities(of: organisations),
                                                 newOrganisation: newOrganisation, coordinator: coordinator)
        return req.render(AdminOrganisationsView.page(model, status: status, req.viewContext))
    }

    static func create(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.administration.createOrganisation(name: state.values["name"], by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.admin.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await respond(req, member, newOrganisation: FormState(values: state.values, errors: error.fieldErrors),
                                     coordinator: FormState(), status: error.status)
        }
    }

    /// A box per city (`city-<id>`); at least one must be ticked.
    static func setCities(_ req: Request) async throws -> Response {
        let member = try await req.member(.admin)
        let state = FormState.submitted(by: req)
        let cities = state.values.filter { $0.key.hasPrefix("city-") && $0.value == "on" }.map { String($0.key.dropFirst("city-".count)) }
        do {
            try await req.goldenAger.administration.setCities(try req.uuidParameter("organisationID"), cities, by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.organisation.cities_saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .error, error.fieldErrors[0].key, error.fieldErrors[0].arguments)
        }
    }

    /// A rename form is one of many on the page, so a wrong name comes back as a message.
    static func rename(_ req: Request) async throws -> Response {
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
        let v = FormState.submitted(by: req).values
        do {
            _ = try await req.goldenAger.administration.createCoordinator(RegistrationInput(
                role: .coordinator, phone: v["phone"], password: v["password"], firstName: v["firstName"], lastName: v["lastName"],
                birthday: v["birthday"], city: v["city"], organisationID: v["organisationId"]), by: member)
            return req.redirect(to: "\(prefix)/admin/organisations", flash: .success, "ga.admin.coordinator_created")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await respond(req, member, newOrganisation: FormState(), coordinator: FormState(values: v, errors: error.fieldErrors),
                                     status: error.status)
        }
    }
}
