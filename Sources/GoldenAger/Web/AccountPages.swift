import Fluent
import Foundation
import Kernel
import Vapor

/// Welcome, the step-by-step sign-up, profile and instructions. Sign-in, sign-out and the
/// password pages are the kernel's (`GoldenAgerAccounts`).
enum AccountPages {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
        web.get("join", ":role", ":step", use: joinStep)
        web.post("join", ":role", ":step", use: submitJoinStep)
        web.get("profile", use: profile)
        web.post("profile", use: saveProfile)
        web.get("instructions", use: instructions)
    }

    // MARK: Welcome and sign-in

    static func welcome(_ req: Request) async throws -> Response {
        if let account = try await req.currentAccount(in: GoldenAger.descriptor) {
            return req.redirect(to: GoldenAgerWeb.home(for: try await Member(account: account, on: req.db)))
        }
        let l = req.localizer
        return GoldenAgerWeb.page(req, nil, title: l.text("ga.welcome.title"), section: .none) {
            H.section(.class("welcome")) {
                H.h1 { l.text("ga.welcome.title") }
                H.p(.class("lead")) { l.text("ga.welcome.lead") }
                H.div(.class("actions-stack")) {
                    H.a(.class("button button-yes button-block"), .href("\(prefix)/login")) { l.text("ga.login.title") }
                    H.a(.class("button button-block"), .href("\(prefix)/join/pensioner/1")) { l.text("ga.welcome.join_pensioner") }
                    H.a(.class("button button-block"), .href("\(prefix)/join/volunteer/1")) { l.text("ga.welcome.join_volunteer") }
                }
            }
        }
    }

    // MARK: Step-by-step sign-up

    /// One question per screen. The answers wait in the session; the password, asked
    /// last, is never stored — submitting it creates the account.
    enum JoinStep: String, CaseIterable {
        case phone, firstName, lastName, birthday, city, address, organisationId, password

        static func steps(for role: GARole) -> [JoinStep] {
            role == .pensioner
                ? [.phone, .firstName, .lastName, .birthday, .city, .address, .password]
                : [.phone, .firstName, .lastName, .birthday, .city, .organisationId, .password]
        }

        var sessionKey: String { "ga.join.\(rawValue)" }
    }

    static func joinRole(_ req: Request) throws -> GARole {
        guard let role = req.parameters.get("role").flatMap(GARole.init(rawValue:)), role == .pensioner || role == .volunteer else {
            throw AppError.notFound()
        }
        return role
    }

    static func joinStepNumber(_ req: Request, role: GARole) throws -> Int {
        guard let number = req.parameters.get("step", as: Int.self), (1...JoinStep.steps(for: role).count).contains(number) else {
            throw AppError.notFound()
        }
        return number
    }

    static func joinStep(_ req: Request) async throws -> Response {
        let role = try joinRole(req)
        let number = try joinStepNumber(req, role: role)
        let session = try await req.webSession()
        if session["ga.join.role"] != role.rawValue {
            for step in JoinStep.allCases { session[step.sessionKey] = nil }
            session["ga.join.role"] = role.rawValue
        }
        let step = JoinStep.steps(for: role)[number - 1]
        let state = FormState(values: [step.rawValue: session[step.sessionKey] ?? ""])
        return try await joinPage(req, role: role, number: number, state: state)
    }

    static func submitJoinStep(_ req: Request) async throws -> Response {
        let role = try joinRole(req)
        let number = try joinStepNumber(req, role: role)
        let steps = JoinStep.steps(for: role)
        let step = steps[number - 1]
        let state = FormState.submitted(by: req)
        let value = state.values[step.rawValue] ?? ""
        let session = try await req.webSession()
        session["ga.join.role"] = role.rawValue

        var validator = Validator()
        try await check(step, value, req: req, into: &validator)
        guard validator.isValid else {
            return try await joinPage(req, role: role, number: number, state: FormState(values: state.values, errors: validator.errors))
        }
        if step != .password {
            session[step.sessionKey] = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return req.redirect(to: "\(prefix)/join/\(role.rawValue)/\(number + 1)", redirectType: .normal)
        }
        let answers = Dictionary(uniqueKeysWithValues: steps.map { ($0, session[$0.sessionKey]) })
        do {
            let member = try await req.goldenAger.profiles.register(RegistrationInput(
                role: role, phone: answers[.phone] ?? nil, password: value, firstName: answers[.firstName] ?? nil,
                lastName: answers[.lastName] ?? nil, birthday: answers[.birthday] ?? nil, city: answers[.city] ?? nil,
                address: answers[.address] ?? nil, organisationID: answers[.organisationId] ?? nil), language: req.language)
            for step in JoinStep.allCases { session[step.sessionKey] = nil }
            session["ga.join.role"] = nil
            try await req.logIn(member.account)
            return req.redirect(to: GoldenAgerWeb.home(for: member), flash: .success, "ga.join.done", ["name": member.profile?.firstName ?? ""])
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            // An earlier answer no longer holds (e.g. the phone was taken meanwhile): go back to it.
            let first = error.fieldErrors[0]
            guard let index = steps.firstIndex(where: { $0.rawValue == first.field }) else { throw error }
            let earlier = steps[index]
            return try await joinPage(req, role: role, number: index + 1,
                                      state: FormState(values: [earlier.rawValue: session[earlier.sessionKey] ?? ""], errors: error.fieldErrors))
        }
    }

    /// The same rule the service applies at the end, checked at the step that asks.
    static func check(_ step: JoinStep, _ value: String, req: Request, into validator: inout Kernel.Validator) async throws {
        switch step {
        case .phone:
            if let phone = LoginKind.phone.validate(value, into: &validator), try await req.accounts.isTaken(app: GoldenAger.id, login: phone) {
                validator.add("phone", "account.phone.taken")
            }
        case .firstName, .lastName: _ = ProfileRules.name(step.rawValue, value, into: &validator)
        case .birthday: _ = ProfileRules.birthday(value, today: req.clock.now, timeZone: req.goldenAger.timeZone, into: &validator)
        case .city: _ = ProfileRules.city(value, into: &validator)
        case .address: _ = ProfileRules.address(value, into: &validator)
        case .organisationId: _ = try await ProfileRules.organisation(value, on: req.db, into: &validator)
        case .password: validator.newPassword(value, repeat: value, fields: ("password", "password"), minLength: ProfileRules.passwordMin)
        }
    }

    static func joinPage(_ req: Request, role: GARole, number: Int, state: FormState) async throws -> Response {
        let l = req.localizer
        let steps = JoinStep.steps(for: role)
        let step = steps[number - 1]
        let back = number == 1 ? "\(prefix)/" : "\(prefix)/join/\(role.rawValue)/\(number - 1)"
        let organisations = step == .organisationId ? try await req.goldenAger.catalog.organisations() : []
        let status: HTTPResponseStatus = state.errors.isEmpty ? .ok : .unprocessableEntity
        return GoldenAgerWeb.page(req, nil, title: l.text("ga.join.title.\(role.rawValue)"), section: .none, status: status) {
            H.section(.class("card join")) {
                H.p(.class("progress")) { l.text("ga.join.progress", ["step": String(number), "total": String(steps.count)]) }
                H.h1 { l.text("ga.join.title.\(role.rawValue)") }
                Components.errorSummary(state, l)
                Components.postForm(req, action: "\(prefix)/join/\(role.rawValue)/\(number)") {
                    field(step, state: state, l: l, organisations: organisations)
                    H.button(.type("submit"), .class("button button-yes button-block")) {
                        l.text(step == .password ? "ga.join.finish" : "ga.join.next")
                    }
                }
                GoldenAgerWeb.backLink(back, l)
            }
        }
    }

    static func field(_ step: JoinStep, state: FormState, l: Localizer, organisations: [Organisation]) -> HTML {
        let label = l.text("ga.join.ask.\(step.rawValue)")
        switch step {
        case .phone:
            return FormField(name: "phone", label: label, type: "tel", hint: l.text("ga.hint.phone"), autocomplete: "tel", inputMode: "tel", maxLength: 40).render(state, l)
        case .firstName:
            return FormField(name: "firstName", label: label, autocomplete: "given-name", maxLength: ProfileRules.nameMax).render(state, l)
        case .lastName:
            return FormField(name: "lastName", label: label, autocomplete: "family-name", maxLength: ProfileRules.nameMax).render(state, l)
        case .birthday:
            return FormField(name: "birthday", label: label, hint: l.text("ga.hint.birthday"), autocomplete: "bday", maxLength: 20).render(state, l)
        case .city:
            return SelectField(name: "city", label: label, options: City.all.map { ($0.id, $0.name(in: l.language)) }).render(state, l)
        case .address:
            return FormField(name: "address", label: label, hint: l.text("ga.hint.address"), autocomplete: "street-address", maxLength: ProfileRules.addressMax).render(state, l)
        case .organisationId:
            return SelectField(name: "organisationId", label: label, options: organisations.compactMap { o in o.id.map { ($0.uuidString, o.name) } }).render(state, l)
        case .password:
            return FormField(name: "password", label: label, type: "password", hint: l.text("ga.hint.password"), autocomplete: "new-password", maxLength: 200).render(state, l)
        }
    }

    // MARK: Profile

    static func profile(_ req: Request) async throws -> Response {
        let member = try await req.member()
        var values: [String: String] = [:]
        if let profile = member.profile {
            values = ["firstName": profile.firstName, "lastName": profile.lastName, "city": profile.city,
                      "address": profile.address ?? "", "organisationId": profile.$organisation.id?.uuidString ?? "",
                      "birthday": Birthday.parse(profile.birthday, today: .distantFuture, timeZone: req.goldenAger.timeZone).map(\.typed).get(or: profile.birthday)]
        }
        return try await profilePage(req, member, state: FormState(values: values))
    }

    static func saveProfile(_ req: Request) async throws -> Response {
        let member = try await req.member(.pensioner, .volunteer)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.goldenAger.profiles.update(member, with: ProfileChanges(
                firstName: state.values["firstName"] ?? "", lastName: state.values["lastName"] ?? "",
                birthday: state.values["birthday"] ?? "", city: state.values["city"] ?? "",
                address: member.role == .pensioner ? state.values["address"] ?? "" : nil,
                organisationID: member.role == .volunteer ? state.values["organisationId"] ?? "" : nil))
            return req.redirect(to: "\(prefix)/profile", flash: .success, "ga.profile.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await profilePage(req, member, state: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func profilePage(_ req: Request, _ member: Member, state: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let l = req.localizer
        let organisations = member.role == .volunteer ? try await req.goldenAger.catalog.organisations() : []
        return GoldenAgerWeb.page(req, member, title: l.text("ga.profile.title"), section: .profile, status: status) {
            H.h1 { l.text("ga.profile.title") }
            if let profile = member.profile {
                H.p(.class("lead")) { l.text("ga.profile.phone", ["phone": PhoneNumber.display(profile.phone)]) }
                if member.role == .pensioner || member.role == .volunteer {
                    Components.errorSummary(state, l)
                    Components.postForm(req, action: "\(prefix)/profile", classes: "card") {
                        FormField(name: "firstName", label: l.text("ga.field.firstName"), autocomplete: "given-name", maxLength: ProfileRules.nameMax).render(state, l)
                        FormField(name: "lastName", label: l.text("ga.field.lastName"), autocomplete: "family-name", maxLength: ProfileRules.nameMax).render(state, l)
                        FormField(name: "birthday", label: l.text("ga.field.birthday"), hint: l.text("ga.hint.birthday"), autocomplete: "bday", maxLength: 20).render(state, l)
                        SelectField(name: "city", label: l.text("ga.field.city"), options: City.all.map { ($0.id, $0.name(in: l.language)) }).render(state, l)
                        if member.role == .pensioner {
                            FormField(name: "address", label: l.text("ga.field.address"), hint: l.text("ga.hint.address"), autocomplete: "street-address", maxLength: ProfileRules.addressMax).render(state, l)
                        } else {
                            SelectField(name: "organisationId", label: l.text("ga.field.organisation"), options: organisations.compactMap { o in o.id.map { ($0.uuidString, o.name) } }).render(state, l)
                        }
                        H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.profile.save") }
                    }
                }
            } else {
                H.p(.class("lead")) { member.account.displayName }
            }
            if member.role != .pensioner {
                H.a(.class("button button-block"), .href("\(prefix)/instructions")) { l.text("ga.tab.instructions") }
            }
            H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
            Components.postForm(req, action: "\(prefix)/logout") {
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.logout") }
            }
        }
    }

    // MARK: Instructions

    static func instructions(_ req: Request) async throws -> Response {
        let member = try await req.member()
        let l = req.localizer
        let sections = member.role == .pensioner ? InstructionsContent.pensioner(l.language) : InstructionsContent.volunteer(l.language)
        return GoldenAgerWeb.page(req, member, title: l.text("ga.instructions.title"), section: .instructions) {
            H.h1 { l.text("ga.instructions.title") }
            for section in sections {
                H.section(.class("card instructions")) {
                    H.h2 { section.title }
                    for paragraph in section.paragraphs { H.p { paragraph } }
                }
            }
        }
    }
}

extension Result {
    func get(or fallback: Success) -> Success {
        (try? get()) ?? fallback
    }
}
