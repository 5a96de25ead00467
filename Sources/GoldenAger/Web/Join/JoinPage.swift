import Fluent
import Foundation
import Kernel
import Vapor

/// `/join/:role/:step`: the step-by-step sign-up of pensioners, volunteers and relatives. Sign-in,
/// sign-out and the password pages are the kernel's (`GoldenAgerAccounts`).
enum JoinPage {
    static let prefix = GoldenAgerWeb.prefix
    /// The session's note of whose sign-up the answers are (session keys are not text keys).
    static let roleKey = "golden-ager.join.role"

    static func register(on web: any RoutesBuilder) {
        web.get("join", ":role", ":step", use: show)
        web.post("join", ":role", ":step", use: submit)
    }

    /// One question per screen. The answers wait in the session; the password, asked
    /// last, is never stored — submitting it creates the account.
    enum Step: String, CaseIterable {
        case phone, firstName, lastName, birthday, city, address, organisationId, password

        static func steps(for role: GARole) -> [Step] {
            switch role {
            case .pensioner: [.phone, .firstName, .lastName, .birthday, .city, .address, .password]
            case .volunteer: [.phone, .firstName, .lastName, .birthday, .city, .organisationId, .password]
            // Help goes to the pensioner's city and address: a relative gives a name.
            default: [.phone, .firstName, .lastName, .password]
            }
        }

        var sessionKey: String { "golden-ager.join.\(rawValue)" }
    }

    static func role(_ req: Request) throws -> GARole {
        guard let role = req.parameters.get("role").flatMap(GARole.init(rawValue:)), ProfileService.joinableRoles.contains(role) else {
            throw AppError.notFound()
        }
        return role
    }

    static func stepNumber(_ req: Request, role: GARole) throws -> Int {
        guard let number = req.parameters.get("step", as: Int.self), (1...Step.steps(for: role).count).contains(number) else {
            throw AppError.notFound()
        }
        return number
    }

    /// A step with the answer given before, if any; starting another role's sign-up
    /// forgets the answers to the first.
    static func show(_ req: Request) async throws -> Response {
        let role = try role(req)
        let number = try stepNumber(req, role: role)
        let session = try await req.webSession()
        if session[roleKey] != role.rawValue {
            forgetAnswers(in: session)
            session[roleKey] = role.rawValue
        }
        let step = Step.steps(for: role)[number - 1]
        return try await respond(req, role: role, number: number, state: FormState(values: [step.rawValue: session[step.sessionKey] ?? ""]))
    }

    /// Checks the answer and goes on to the next step; the last one creates the account.
    static func submit(_ req: Request) async throws -> Response {
        let role = try role(req)
        let number = try stepNumber(req, role: role)
        let step = Step.steps(for: role)[number - 1]
        let state = FormState.submitted(by: req)
        let value = state.values[step.rawValue] ?? ""
        let session = try await req.webSession()
        session[roleKey] = role.rawValue

        var validator = Validator()
        try await check(step, value, role: role, req: req, into: &validator)
        guard validator.isValid else {
            return try await respond(req, role: role, number: number, state: FormState(values: state.values, errors: validator.errors))
        }
        guard step == .password else {
            session[step.sessionKey] = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return req.redirect(to: "\(prefix)/join/\(role.rawValue)/\(number + 1)", redirectType: .normal)
        }
        return try await createAccount(req, role: role, password: value, session: session)
    }

    /// Registers the person with the answers kept in the session and signs them in.
    static func createAccount(_ req: Request, role: GARole, password: String, session: WebSession) async throws -> Response {
        let steps = Step.steps(for: role)
        let answers = Dictionary(uniqueKeysWithValues: steps.map { ($0, session[$0.sessionKey]) })
        do {
            let member = try await req.goldenAger.profiles.register(RegistrationInput(
                role: role, phone: answers[.phone] ?? nil, password: password, firstName: answers[.firstName] ?? nil,
                lastName: answers[.lastName] ?? nil, birthday: answers[.birthday] ?? nil, city: answers[.city] ?? nil,
                address: answers[.address] ?? nil, organisationID: answers[.organisationId] ?? nil), language: req.language)
            forgetAnswers(in: session)
            session[roleKey] = nil
            try await req.logIn(member.account)
            return req.redirect(to: GoldenAgerWeb.home(for: member), flash: .success, "ga.join.done", ["name": member.profile?.firstName ?? ""])
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            // An earlier answer no longer holds (e.g. the phone was taken meanwhile): go back to it.
            let first = error.fieldErrors[0]
            guard let index = steps.firstIndex(where: { $0.rawValue == first.field }) else { throw error }
            let earlier = steps[index]
            return try await respond(req, role: role, number: index + 1,
                                     state: FormState(values: [earlier.rawValue: session[earlier.sessionKey] ?? ""], errors: error.fieldErrors))
        }
    }

    static func forgetAnswers(in session: WebSession) {
        for step in Step.allCases { session[step.sessionKey] = nil }
    }

    /// The same rule the service applies at the end, checked at the step that asks.
    static func check(_ step: Step, _ value: String, role: GARole, req: Request, into validator: inout Kernel.Validator) async throws {
        switch step {
        case .phone:
            if let phone = LoginKind.phone.validate(value, into: &validator), try await req.accounts.isTaken(app: GoldenAger.id, login: phone) {
                validator.add("phone", "account.phone.taken")
            }
        case .firstName, .lastName: _ = ProfileRules.name(step.rawValue, value, into: &validator)
        case .birthday: _ = ProfileRules.birthday(value, role: role, today: req.clock.now, timeZone: req.goldenAger.timeZone, into: &validator)
        case .city: _ = ProfileRules.city(value, into: &validator)
        case .address: _ = ProfileRules.address(value, into: &validator)
        case .organisationId:
            let city = try await req.webSession()[Step.city.sessionKey]
            _ = try await ProfileRules.organisation(value, city: city, on: req.db, into: &validator)
        case .password: validator.newPassword(value, repeat: value, fields: ("password", "password"), minLength: ProfileRules.passwordMin)
        }
    }

    /// The step's page. The city step warns at once when no organisation serves the city
    /// chosen; the volunteer's organisation step lists the organisations serving the city
    /// they gave, or says that there are none.
    static func respond(_ req: Request, role: GARole, number: Int, state: FormState) async throws -> Response {
        let step = Step.steps(for: role)[number - 1]
        let catalog = req.goldenAger.catalog
        var model = JoinView.Model(role: role, number: number, state: state)
        switch step {
        case .city:
            model.cityWarning = try await catalog.unservedCityWarning(for: role, req.localizer)
        case .organisationId:
            let city = try await req.webSession()[Step.city.sessionKey]
            model.organisations = try await catalog.organisations(serving: city)
            if model.organisations.isEmpty, let city { model.unserved = try await catalog.unserved(city, for: role, req.localizer) }
        default:
            break
        }
        return req.render(JoinView.page(model, req.viewContext))
    }
}
