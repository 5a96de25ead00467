import Fluent
import Foundation
import Kernel

/// What coordinators and admins do. Admins run the whole app; a coordinator works for
/// one organisation: they see the board and may deactivate their own volunteers.
public struct AdministrationService: Sendable {
    let context: GoldenAgerContext
    var db: any Database { context.db }

    public struct Board: Sendable {
        public let openTasks: [TaskDetails]
        public let onlineVolunteers: [Profile]
        public let organisations: [UUID: String]
        /// When the board was read: which open tasks need attention (`HelpTask.needsAttention`).
        public var now = Date()
        /// For each city with a task needing attention, whom `member` may offer it to.
        public var offerable: [String: [Profile]] = [:]
        /// Visits their volunteer finished that nobody on the pensioner's side confirmed yet.
        public var unconfirmed: [TaskDetails] = []
        /// What pensioners said went wrong in the last 30 days, newest first.
        public var reports: [BoardReport] = []
    }

    /// A report as the coordinators read it: whom it is about, and whom to call back.
    public struct BoardReport: Sendable {
        public let report: TaskReport
        public let volunteer: Profile?
        public let pensioner: Profile?
    }

    /// Open tasks (those needing attention first, then the oldest) and who is online to
    /// take them; a coordinator's volunteers, visits awaiting confirmation, and reports about
    /// their organisation's volunteers.
    public func board(for member: Member) async throws -> Board {
        try member.require(.coordinator, .admin)
        let now = context.clock.now
        var organisation: UUID?
        if member.role == .coordinator {
            guard let id = member.profile?.$organisation.id else { throw AppError.forbidden }
            organisation = id
        }
        let tasks = try await HelpTask.query(on: db).filter(\.$status ~~ [.searching, .accepted])
            .sort(\.$createdAt).limit(200).all()
        let open = tasks.filter { $0.needsAttention(at: now) } + tasks.filter { !$0.needsAttention(at: now) }
        var volunteers = Profile.query(on: db).filter(\.$role == GARole.volunteer.rawValue).filter(\.$isOnline == true)
        if let organisation { volunteers = volunteers.filter(\.$organisation.$id == organisation) }
        let organisations = try await Organisation.query(on: db).all()
        var offerable: [String: [Profile]] = [:]
        for city in Set(open.filter { $0.needsAttention(at: now) }.map(\.city)) {
            offerable[city] = try await context.tasks.offerableVolunteers(in: city, for: member)
        }
        let unconfirmed = try await HelpTask.query(on: db).filter(\.$status == .finished).sort(\.$finishedAt).limit(100).all()
        return Board(openTasks: try await context.tasks.details(open, for: member),
                     onlineVolunteers: try await volunteers.sort(\.$city).sort(\.$lastName).limit(500).all(),
                     organisations: Dictionary(uniqueKeysWithValues: organisations.compactMap { o in o.id.map { ($0, o.name) } }),
                     now: now, offerable: offerable, unconfirmed: try await context.tasks.details(unconfirmed, for: member),
                     reports: try await reports(since: now.addingTimeInterval(-30 * 86_400), organisation: organisation))
    }

    /// Reports since `since` about volunteers of `organisation` (all, for nil), with the people.
    private func reports(since: Date, organisation: UUID?) async throws -> [BoardReport] {
        let reports = try await TaskReport.query(on: db).filter(\.$createdAt >= since).sort(\.$createdAt, .descending).limit(100).all()
        guard !reports.isEmpty else { return [] }
        let people = try await Profile.query(on: db).filter(\.$id ~~ Set(reports.map(\.volunteerID))).all()
        let byID = Dictionary(uniqueKeysWithValues: people.compactMap { p in p.id.map { ($0, p) } })
        let pensioners = try await HelpTask.query(on: db).filter(\.$id ~~ reports.map(\.taskID)).all()
        let pensionerOf = Dictionary(uniqueKeysWithValues: pensioners.compactMap { t in t.id.map { ($0, t.pensionerID) } })
        let pensionerProfiles = try await Profile.query(on: db).filter(\.$id ~~ Set(pensionerOf.values)).all()
        let pensionerByID = Dictionary(uniqueKeysWithValues: pensionerProfiles.compactMap { p in p.id.map { ($0, p) } })
        return reports.compactMap { report in
            let volunteer = byID[report.volunteerID]
            if let organisation, volunteer?.$organisation.id != organisation { return nil }
            return BoardReport(report: report, volunteer: volunteer, pensioner: pensionerOf[report.taskID].flatMap { pensionerByID[$0] })
        }
    }

    // MARK: Organisations

    public func createOrganisation(name: String?, by member: Member) async throws -> Organisation {
        try member.require(.admin)
        var validator = Validator()
        let name = validator.text("name", name, maxLength: 100)
        try validator.throwIfInvalid()
        let organisation = Organisation(name: name ?? "", createdAt: context.clock.now)
        try await saveOrganisation(organisation, by: member, action: "organisation.created")
        return organisation
    }

    public func renameOrganisation(_ id: UUID, name: String?, by member: Member) async throws -> Organisation {
        try member.require(.admin)
        guard let organisation = try await Organisation.find(id, on: db) else {
            throw AppError.notFound(code: "organisation_not_found", key: "ga.organisation.unknown")
        }
        var validator = Validator()
        let name = validator.text("name", name, maxLength: 100)
        try validator.throwIfInvalid()
        let before = organisation.name
        organisation.name = name ?? before
        try await saveOrganisation(organisation, by: member, action: "organisation.renamed", before: before)
        return organisation
    }

    private func saveOrganisation(_ organisation: Organisation, by member: Member, action: String, before: String? = nil) async throws {
        let audit = context.audit
        let actor = member.id
        do {
            try await db.writeTransaction { db in
                try await organisation.save(on: db)
                try await audit.record(action, entityType: "organisation", entityID: organisation.requireID().uuidString, actor: actor,
                                       before: before, after: organisation.name, on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError(.conflict, code: "organisation_exists", key: "ga.organisation.exists",
                           fieldErrors: [FieldError(field: "name", key: "ga.organisation.exists")])
        }
    }

    /// Sets the cities an organisation serves (its volunteers join only in these). At least
    /// one; audit-logged with the list before and after.
    public func setCities(_ id: UUID, _ cityIDs: [String], by member: Member) async throws {
        try member.require(.admin)
        guard try await Organisation.find(id, on: db) != nil else {
            throw AppError.notFound(code: "organisation_not_found", key: "ga.organisation.unknown")
        }
        let cities = Set(cityIDs.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        if cities.isEmpty { throw AppError.validation([FieldError(field: "cities", key: "ga.organisation.cities_required")]) }
        if cities.contains(where: { City.find($0) == nil }) { throw AppError.validation([FieldError(field: "cities", key: "ga.city.unknown")]) }
        let before = try await OrganisationCities.cities(of: [id], on: db)[id] ?? []
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await OrganisationCities.set(cities, for: id, on: db)
            try await audit.record("organisation.cities", entityType: "organisation", entityID: id.uuidString, actor: actor,
                                   before: before.sorted(), after: cities.sorted(), on: db)
        }
    }

    // MARK: Categories and templates

    public func renameCategory(_ id: UUID, nameUK: String?, nameEN: String?, by member: Member) async throws -> Category {
        try member.require(.admin)
        let category = try await context.catalog.category(id)
        var validator = Validator()
        let uk = validator.text("nameUk", nameUK, maxLength: 60)
        let en = validator.text("nameEn", nameEN, maxLength: 60)
        try validator.throwIfInvalid()
        let before = "\(category.nameUK) / \(category.nameEN)"
        category.nameUK = uk ?? category.nameUK
        category.nameEN = en ?? category.nameEN
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await category.save(on: db)
            try await audit.record("category.renamed", entityType: "category", entityID: id.uuidString, actor: actor,
                                   before: before, after: "\(category.nameUK) / \(category.nameEN)", on: db)
        }
        return category
    }

    public struct TemplateInput: Sendable {
        public var categoryID: String?
        public var titleUK: String?
        public var titleEN: String?
        public var descriptionUK: String?
        public var descriptionEN: String?
        /// The task written to the volunteer.
        public var volunteerUK: String?
        public var volunteerEN: String?
        public var minutes: String?

        public init(categoryID: String? = nil, titleUK: String? = nil, titleEN: String? = nil, descriptionUK: String? = nil, descriptionEN: String? = nil,
                    volunteerUK: String? = nil, volunteerEN: String? = nil, minutes: String? = nil) {
            self.categoryID = categoryID
            self.titleUK = titleUK
            self.titleEN = titleEN
            self.descriptionUK = descriptionUK
            self.descriptionEN = descriptionEN
            self.volunteerUK = volunteerUK
            self.volunteerEN = volunteerEN
            self.minutes = minutes
        }
    }

    /// Creates a template (`id == nil`) or changes one.
    public func saveTemplate(_ id: UUID?, _ input: TemplateInput, by member: Member) async throws -> TaskTemplate {
        try member.require(.admin)
        var validator = Validator()
        let titleUK = validator.text("titleUk", input.titleUK, maxLength: 80)
        let titleEN = validator.text("titleEn", input.titleEN, maxLength: 80)
        let descriptionUK = validator.text("descriptionUk", input.descriptionUK, maxLength: 600)
        let descriptionEN = validator.text("descriptionEn", input.descriptionEN, maxLength: 600)
        let volunteerUK = validator.text("volunteerUk", input.volunteerUK, maxLength: 600)
        let volunteerEN = validator.text("volunteerEn", input.volunteerEN, maxLength: 600)
        let minutes = input.minutes.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if minutes.map({ !(5...600).contains($0) }) ?? true { validator.add("minutes", "ga.template.minutes_range") }
        var category: Category?
        if let text = input.categoryID, let categoryID = UUID(uuidString: text) {
            category = try await Category.find(categoryID, on: db)
        }
        if category == nil || category?.isConsultation == true { validator.add("categoryId", "ga.category.not_found") }
        try validator.throwIfInvalid()
        let template: TaskTemplate
        if let id {
            guard let existing = try await TaskTemplate.find(id, on: db) else {
                throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found")
            }
            template = existing
        } else {
            let last = try await TaskTemplate.query(on: db).filter(\.$category.$id == category!.requireID()).max(\.$position) ?? 0
            template = TaskTemplate(categoryID: try category!.requireID(), titleUK: "", titleEN: "", descriptionUK: "", descriptionEN: "", minutes: 0, position: last + 1)
        }
        template.$category.id = try category!.requireID()
        template.titleUK = titleUK!
        template.titleEN = titleEN!
        template.descriptionUK = descriptionUK!
        template.descriptionEN = descriptionEN!
        template.volunteerDescriptionUK = volunteerUK!
        template.volunteerDescriptionEN = volunteerEN!
        template.minutes = minutes!
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await template.save(on: db)
            try await audit.record(id == nil ? "template.created" : "template.changed", entityType: "template",
                                   entityID: template.requireID().uuidString, actor: actor, after: template.titleUK, on: db)
        }
        return template
    }

    /// Archived templates are no longer offered; tasks ordered from them keep their history.
    public func setTemplateArchived(_ id: UUID, _ archived: Bool, by member: Member) async throws {
        try member.require(.admin)
        guard let template = try await TaskTemplate.find(id, on: db) else {
            throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found")
        }
        template.archivedAt = archived ? context.clock.now : nil
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await template.save(on: db)
            try await audit.record(archived ? "template.archived" : "template.restored", entityType: "template",
                                   entityID: id.uuidString, actor: actor, on: db)
        }
    }

    // MARK: Settings

    public func setConsultationPhone(_ value: String?, by member: Member) async throws -> String {
        try member.require(.admin)
        var validator = Validator()
        let text = validator.text("phone", value, maxLength: 40)
        let normalised = text.flatMap { PhoneNumber.normalise($0, landlineAllowed: true) }
        if text != nil, normalised == nil { validator.add("phone", "ga.consultation.invalid") }
        try validator.throwIfInvalid()
        guard let phone = normalised else { throw AppError.validation(validator.errors) }
        let before = try await Setting.find(Setting.consultationPhone, on: db)?.value
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            if let setting = try await Setting.find(Setting.consultationPhone, on: db) {
                setting.value = phone
                try await setting.save(on: db)
            } else {
                try await Setting(key: Setting.consultationPhone, value: phone).create(on: db)
            }
            try await audit.record("consultation.changed", entityType: "setting", entityID: Setting.consultationPhone, actor: actor,
                                   before: before, after: phone, on: db)
        }
        return phone
    }

    // MARK: Accounts

    /// Creates a coordinator for an organisation, with a password the admin hands over.
    public func createCoordinator(_ input: RegistrationInput, by member: Member) async throws -> Member {
        try member.require(.admin)
        var registration = input
        registration.role = .volunteer  // same fields as a volunteer…
        let created = try await context.profiles.register(registration)
        let account = created.account
        let profile = try created.requireProfile()
        account.role = GARole.coordinator.rawValue  // …then promoted in one step
        profile.role = GARole.coordinator.rawValue
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await account.save(on: db)
            try await profile.save(on: db)
            try await audit.record("account.coordinator_created", entityType: "account", entityID: account.requireID().uuidString,
                                   actor: actor, after: profile.phone, on: db)
        }
        return Member(account: account, profile: profile)
    }

    /// Finds a person by phone (or login) whom `member` may help (`mayHelp`).
    public func findAccount(_ query: String?, by member: Member) async throws -> Member? {
        try member.require(.coordinator, .admin)
        guard let text = query?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let login = PhoneNumber.normalise(text) ?? text.lowercased()
        guard let account = try await Account.query(on: db).filter(\.$app == GoldenAger.id).filter(\.$login == login).first() else { return nil }
        let found = try await Member(account: account, on: db)
        return try await mayHelp(found, by: member) ? found : nil
    }

    /// Stops an account from signing in. Their open order is cancelled; a volunteer's
    /// accepted task goes back to the others.
    public func deactivate(_ accountID: UUID, by member: Member) async throws {
        try member.require(.coordinator, .admin)
        guard let account = try await Account.find(accountID, on: db), account.app == GoldenAger.id else {
            throw AppError.notFound(code: "account_not_found", key: "ga.account.not_found")
        }
        let target = try await Member(account: account, on: db)
        guard try mayManage(target, by: member) else { throw AppError.notFound(code: "account_not_found", key: "ga.account.not_found") }
        guard target.id != member.id else { throw AppError.conflict(code: "cannot_deactivate_self", key: "ga.account.not_self") }
        guard account.isActive else { return }
        let tasks = context.tasks
        if target.role == .pensioner, let open = try await tasks.openOrder(of: target.id) {
            _ = try? await tasks.cancel(taskID: open.requireID(), by: target)
        }
        if target.role == .volunteer {
            if let current = try await HelpTask.query(on: db).filter(\.$volunteerID == target.id).filter(\.$status == .accepted).first() {
                _ = try? await tasks.withdraw(taskID: current.requireID(), reason: "Волонтер більше не може допомогти / The volunteer can no longer help", by: target)
            }
            if target.profile?.isOnline == true { _ = try await context.profiles.setOnline(target, false) }
        }
        try await context.accounts.deactivate(account)
        try await context.audit.record("account.deactivated", entityType: "account", entityID: accountID.uuidString, actor: member.id,
                                       after: account.login, on: db)
    }

    /// A one-time code with which `accountID` sets a new password (there is no SMS: the
    /// coordinator or administrator reads it out on the phone): coordinators for their own
    /// organisation's volunteers and the pensioners of its cities, administrators for anyone
    /// but administrators. Audit-logged by the kernel.
    public func issueResetCode(for accountID: UUID, by member: Member) async throws -> (target: Member, code: IssuedResetCode) {
        try member.require(.coordinator, .admin)
        guard let account = try await Account.find(accountID, on: db), account.app == GoldenAger.id else {
            throw AppError.notFound(code: "account_not_found", key: "ga.account.not_found")
        }
        let target = try await Member(account: account, on: db)
        guard try await mayHelp(target, by: member), account.isActive else {
            throw AppError.notFound(code: "account_not_found", key: "ga.account.not_found")
        }
        let resets = PasswordResets(database: db, clock: context.clock, accounts: context.accounts, mailer: context.services.mail)
        return (target, try await resets.issueCode(for: account, by: member.account))
    }

    // MARK: Hours

    /// A volunteer's done tasks, newest first, for a coordinator checking their credits.
    public func doneTasks(of volunteer: Member, by member: Member, limit: Int = 20) async throws -> [TaskDetails] {
        guard try mayManage(volunteer, by: member), volunteer.role == .volunteer else {
            throw AppError.notFound(code: "account_not_found", key: "ga.account.not_found")
        }
        let tasks = try await HelpTask.query(on: db).filter(\.$volunteerID == volunteer.id).filter(\.$status == .done)
            .sort(\.$closedAt, .descending).limit(limit).all()
        return try await context.tasks.details(tasks, for: member)
    }

    /// Sets the minutes a done task credits its volunteer, with the reason: a coordinator of
    /// the volunteer's organisation or an administrator. Audit-logged with before and after.
    public func correctCredit(_ taskID: UUID, minutes: Int?, reason: String?, by member: Member) async throws -> HelpTask {
        try member.require(.coordinator, .admin)
        let notFound = AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        guard let task = try await HelpTask.find(taskID, on: db), let volunteerID = task.volunteerID,
              let account = try await Account.find(volunteerID, on: db),
              try mayManage(try await Member(account: account, on: db), by: member) else { throw notFound }
        var validator = Validator()
        if minutes.map(HoursRules.correctionRange.contains) != true {
            validator.add("minutes", "ga.credit.range", ["max": String(HoursRules.correctionRange.upperBound)])
        }
        let reason = validator.text("reason", reason, maxLength: 200)
        try validator.throwIfInvalid()
        guard task.status == .done else { throw AppError.conflict(code: "task_not_done", key: "ga.credit.not_done") }
        let before = task.credited
        task.creditedMinutes = minutes
        let audit = context.audit
        let actor = member.id
        try await db.writeTransaction { db in
            try await task.save(on: db)
            try await audit.record("task.credit_corrected", entityType: "task", entityID: taskID.uuidString, actor: actor,
                                   before: Credit(minutes: before, reason: nil), after: Credit(minutes: minutes!, reason: reason), on: db)
        }
        try await EventPublisher(context: context).task("task.credited", task, to: [GoldenAgerEvents.account(volunteerID)])
        return task
    }

    /// A credit as the audit log keeps it.
    struct Credit: Codable, Sendable, Equatable {
        let minutes: Int
        let reason: String?
    }

    /// Admins manage everyone but admins; coordinators their own organisation's volunteers.
    /// Whom `member` may find and give a reset code: whom they manage, and the pensioners
    /// of the cities they serve (who phone them).
    private func mayHelp(_ target: Member, by member: Member) async throws -> Bool {
        if try mayManage(target, by: member) { return true }
        guard member.role == .coordinator, let profile = target.profile else { return false }
        return try await context.operators.mayServe(profile, by: member)
    }

    private func mayManage(_ target: Member, by member: Member) throws -> Bool {
        switch member.role {
        case .admin: return target.role != .admin
        case .coordinator:
            guard let organisation = member.profile?.$organisation.id else { return false }
            return target.role == .volunteer && target.profile?.$organisation.id == organisation
        default: return false
        }
    }
}
