import Fluent
import Foundation
import Kernel
import SQLKit

/// An application as staff read it: the application, the animal's name, and the
/// do-not-adopt records that match the applicant's phone or e-mail (a warning).
public struct ApplicationRow: Sendable {
    public let application: AdoptionApplication
    public let animalName: String
    public let warnings: [ShelterPerson]
}

/// An application as typed on the public page or sent to the API.
public struct ApplicationInput: Sendable {
    public var animalID, name, phone, email, home: String?

    public init(animalID: String?, name: String?, phone: String?, email: String?, home: String?) {
        self.animalID = animalID
        self.name = name
        self.phone = phone
        self.email = email
        self.home = home
    }
}

/// Applications to adopt: anyone applies for a public animal (no sign-in, within the
/// kernel's throttle); doctors and the director read them (the applicants' personal data
/// is theirs only), note a review, give someone a home-visit task, and approve or reject
/// with a reason — the applicant is mailed in their language. An approval records the
/// adoption movement with the adopter's person record in the same transaction; of two
/// approvals for one animal at once, the database lets one through
/// (`AnimalService.recordMovement`'s conditional update).
public struct ApplicationService: Sendable {
    public static let nameMaxLength = 80
    public static let textMaxLength = 2000
    /// A rejected application's personal data is kept this long after the decision.
    public static let rejectedRetention: TimeInterval = 180 * 86_400
    /// The throttle's name for applications (`LoginThrottle`, by phone and address).
    static let throttleApp = "shelter.adoption"

    let context: ShelterContext
    var db: any Database { context.db }

    /// A member of the public applies. At most `LoginThrottle.maximumFailures` applications
    /// for one phone from one address in the throttle's window (and its other rules): the
    /// kernel's sign-in throttle, each application counted as an attempt that stays.
    public func apply(_ input: ApplicationInput, language: Language, address: String) async throws -> AdoptionApplication {
        var v = Kernel.Validator()
        let animalID = v.id("animalId", input.animalID, required: true)
        let name = v.text("name", input.name, maxLength: Self.nameMaxLength)
        let phone = Self.phone("phone", input.phone, &v)
        let email = v.email("email", input.email)
        let home = v.text("home", input.home, maxLength: Self.textMaxLength)
        try v.throwIfInvalid()
        guard let animalID, let name, let phone, let email, let home else { throw AppError.validation(v.errors) }
        _ = try await context.listing.animal(animalID)
        do {
            _ = try await LoginThrottle(database: db, clock: context.clock).reserve(app: Self.throttleApp, identifier: phone, address: address)
        } catch let error as AppError where error.status == .tooManyRequests {
            throw AppError(.tooManyRequests, code: "too_many_applications", key: "ss.adopt.too_many", headers: error.headers)
        }
        let application = AdoptionApplication()
        application.animalID = animalID
        application.name = name
        application.phone = phone
        application.email = email
        application.home = home
        application.language = language.rawValue
        application.status = AdoptionApplication.Status.pending.rawValue
        application.staffNotes = ""
        application.reason = ""
        application.createdAt = context.clock.now
        do {
            try await db.writeTransaction { db in try await application.create(on: db) }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "already_applied", key: "ss.adopt.already_applied")
        }
        return application
    }

    /// The applications, pending first (oldest first), then the decided ones of the last
    /// 90 days (newest first); each with the do-not-adopt records matching it.
    public func list(for person: StaffMember, status: AdoptionApplication.Status? = nil) async throws -> [ApplicationRow] {
        try context.authorize(person, [.doctor])
        var query = AdoptionApplication.query(on: db)
        if let status {
            query = query.filter(\.$status == status.rawValue)
        } else {
            let since = context.clock.now.addingTimeInterval(-90 * 86_400)
            query = query.group(.or) { $0.filter(\.$status == AdoptionApplication.Status.pending.rawValue).filter(\.$createdAt >= since) }
        }
        let applications = try await query.sort(\.$createdAt).limit(500).all()
        return try await rows(applications)
    }

    public func find(_ id: UUID, for person: StaffMember) async throws -> ApplicationRow {
        try context.authorize(person, [.doctor])
        guard let application = try await AdoptionApplication.find(id, on: db) else { throw Self.notFound }
        return try await rows([application])[0]
    }

    /// Notes of the review, and (optionally) a home visit given as a staff task to `visitBy`.
    public func review(_ id: UUID, notes typedNotes: String?, visitBy typedVisitor: String?, visitOn: String?, by person: StaffMember) async throws -> ApplicationRow {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let notes = v.text("notes", typedNotes, required: false, maxLength: Self.textMaxLength) ?? ""
        let visitor = v.id("visitBy", typedVisitor)
        try v.throwIfInvalid()
        guard let application = try await AdoptionApplication.find(id, on: db) else { throw Self.notFound }
        guard application.applicationStatus == .pending else { throw Self.decided }
        var newTask: UUID?
        if let visitor {
            let animal = try await context.animals.find(application.animalID)
            let l = AlarmService.localizer(.uk, context.timeZone)
            let task = try await context.tasks.create(title: l.text("ss.adopt.visit_title", ["name": application.name, "animal": animal.name]),
                                                      notes: l.text("ss.adopt.visit_notes", ["phone": PhoneNumber.display(application.phone), "home": application.home]),
                                                      assigneeID: visitor.uuidString, role: nil, dueOn: visitOn, by: person)
            newTask = task.id
        }
        let taskID = newTask ?? application.homeVisitTaskID
        let before = ["notes": application.staffNotes, "visitTask": application.homeVisitTaskID.map(AnimalService.key) ?? ""]
        try await db.writeTransaction { db in
            let changed = try await db.sql.update(AdoptionApplication.schema).set("staff_notes", to: SQLBind(notes))
                .set("home_visit_task_id", to: SQLBind(taskID)).where("id", .equal, SQLBind(id))
                .where("status", .equal, SQLBind(AdoptionApplication.Status.pending.rawValue)).returning("id").all()
            guard !changed.isEmpty else { throw Self.decided }
            try await context.audit.record("application.review", entityType: "application", entityID: AnimalService.key(id), actor: person.id,
                                           before: before, after: ["notes": notes, "visitTask": taskID.map(AnimalService.key) ?? ""], on: db)
        }
        return try await find(id, for: person)
    }

    /// Approves (the adoption is recorded, with the adopter's person record) or rejects
    /// (a reason is required) a pending application, and mails the applicant.
    public func decide(_ id: UUID, approve: Bool?, reason typedReason: String?, by person: StaffMember) async throws -> ApplicationRow {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        if approve == nil { v.add("approve", "validation.required") }
        let reason = v.text("reason", typedReason, required: approve == false, maxLength: Self.textMaxLength) ?? ""
        try v.throwIfInvalid()
        guard let approve else { throw AppError.validation(v.errors) }
        guard let application = try await AdoptionApplication.find(id, on: db) else { throw Self.notFound }
        guard application.applicationStatus == .pending else { throw Self.decided }
        let animal = try await context.animals.find(application.animalID)
        let now = context.clock.now
        let status: AdoptionApplication.Status = approve ? .approved : .rejected
        try await db.writeTransaction { db in
            var update = db.sql.update(AdoptionApplication.schema).set("status", to: SQLBind(status.rawValue)).set("reason", to: SQLBind(reason))
                .set("decided_by", to: SQLBind(person.id)).set("decided_at", to: SQLBind(now))
            var personID: UUID?
            if approve {
                personID = try await adopter(for: application, on: db)
                update = update.set("person_id", to: SQLBind(personID))
            }
            let changed = try await update.where("id", .equal, SQLBind(id))
                .where("status", .equal, SQLBind(AdoptionApplication.Status.pending.rawValue)).returning("id").all()
            guard !changed.isEmpty else { throw Self.decided }
            if approve {
                // The animal leaves with its adopter; if another approval took it first, this
                // throws and the whole decision is undone.
                _ = try await context.animals.recordMovement(.adoption, of: animal, on: LocalDay(now, in: person.timeZone),
                                                             note: application.name, personID: personID, by: person, on: db)
                try await db.sql.update(Animal.schema).set("listed", to: SQLBind(false)).where("id", .equal, SQLBind(animal.requireID())).run()
            }
            try await context.audit.record("application.\(status.rawValue)", entityType: "application", entityID: AnimalService.key(id),
                                           actor: person.id, before: ["status": "pending"], after: ["status": status.rawValue, "reason": reason], on: db)
            try await context.mail.enqueue(mail(application, animal: animal.name, approved: approve, reason: reason), on: db)
        }
        return try await find(id, for: person)
    }

    /// Rejected applications decided more than `rejectedRetention` ago lose their personal
    /// data (name, phone, e-mail, home, notes); the row stays for the statistics.
    public func removeOldPersonalData() async throws {
        let cutoff = context.clock.now.addingTimeInterval(-Self.rejectedRetention)
        try await db.sql.update(AdoptionApplication.schema).set("name", to: SQLBind("")).set("phone", to: SQLBind(""))
            .set("email", to: SQLBind("")).set("home", to: SQLBind("")).set("staff_notes", to: SQLBind(""))
            .set("data_removed_at", to: SQLBind(context.clock.now))
            .where("status", .equal, SQLBind(AdoptionApplication.Status.rejected.rawValue))
            .where("decided_at", .lessThan, SQLBind(cutoff)).where("data_removed_at", .is, SQLLiteral.null).run()
    }

    // MARK: Parts

    private func rows(_ applications: [AdoptionApplication]) async throws -> [ApplicationRow] {
        guard !applications.isEmpty else { return [] }
        let animalIDs = Set(applications.map(\.animalID))
        let names = Dictionary(try await Animal.query(on: db).filter(\.$id ~~ animalIDs).all().map { ($0.id!, $0.name) }) { a, _ in a }
        let phones = Set(applications.map(\.phone).filter { !$0.isEmpty })
        let emails = Set(applications.map(\.email).filter { !$0.isEmpty })
        let flagged = phones.isEmpty && emails.isEmpty ? [] : try await ShelterPerson.query(on: db).filter(\.$doNotAdopt == true)
            .group(.or) { $0.filter(\.$phone ~~ phones).filter(\.$email ~~ emails) }.all()
        let ordered = applications.filter { $0.applicationStatus == .pending } + applications.filter { $0.applicationStatus != .pending }.reversed()
        return ordered.map { a in
            ApplicationRow(application: a, animalName: names[a.animalID] ?? "",
                           warnings: flagged.filter { (!a.phone.isEmpty && $0.phone == a.phone) || (!a.email.isEmpty && $0.email == a.email) })
        }
    }

    /// The adopter's person record: the one with the application's phone or e-mail, or a
    /// new one.
    private func adopter(for application: AdoptionApplication, on db: any Database) async throws -> UUID {
        if let known = try await ShelterPerson.query(on: db).group(.or, { $0.filter(\.$phone == application.phone).filter(\.$email == application.email) })
            .sort(\.$createdAt).first() {
            return try known.requireID()
        }
        let person = ShelterPerson()
        person.name = application.name
        person.phone = application.phone
        person.email = application.email
        person.kind = ShelterPerson.Kind.adopter.rawValue
        person.notes = ""
        person.doNotAdopt = false
        person.doNotAdoptReason = ""
        person.createdAt = context.clock.now
        try await person.create(on: db)
        return try person.requireID()
    }

    private func mail(_ application: AdoptionApplication, animal: String, approved: Bool, reason: String) -> OutgoingMail {
        let l = AlarmService.localizer(Language(rawValue: application.language) ?? .uk, context.timeZone)
        let arguments = ["name": application.name, "animal": animal, "reason": reason]
        let subject = l.text(approved ? "ss.adopt.mail_approved_subject" : "ss.adopt.mail_rejected_subject", arguments)
        let body = l.text(approved ? "ss.adopt.mail_approved_body" : "ss.adopt.mail_rejected_body", arguments)
        return OutgoingMail(to: application.email, subject: subject, text: body, html: H.div { H.p { body } }.rendered)
    }

    /// A Ukrainian mobile number (`PhoneNumber`), or nil with the field's fault.
    static func phone(_ field: String, _ typed: String?, _ v: inout Kernel.Validator) -> String? {
        guard let typed, !typed.trimmingCharacters(in: .whitespaces).isEmpty else {
            v.add(field, "validation.required")
            return nil
        }
        guard typed.count <= 32, let phone = PhoneNumber.normalise(typed) else {
            v.add(field, "ss.adopt.phone_invalid")
            return nil
        }
        return phone
    }

    static let notFound = AppError.notFound(code: "application_not_found", key: "ss.adopt.not_found")
    static let decided = AppError.conflict(code: "application_decided", key: "ss.adopt.decided")
}
