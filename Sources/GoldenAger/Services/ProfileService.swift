import Fluent
import SQLKit
import Foundation
import Kernel

/// What a pensioner or volunteer fills in to join. Every field is optional here so that
/// a missing one is reported with the others, in the person's language.
public struct RegistrationInput: Sendable {
    /// Pensioner or volunteer; anything else is a field error.
    public var role: GARole?
    public var phone: String?
    public var password: String?
    public var firstName: String?
    public var lastName: String?
    public var birthday: String?
    public var city: String?
    public var address: String?
    public var organisationID: String?

    public init(role: GARole?, phone: String? = nil, password: String? = nil, firstName: String? = nil, lastName: String? = nil,
                birthday: String? = nil, city: String? = nil, address: String? = nil, organisationID: String? = nil) {
        self.role = role
        self.phone = phone
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.birthday = birthday
        self.city = city
        self.address = address
        self.organisationID = organisationID
    }
}

/// Changes a person may make to their own profile; `nil` leaves a field as it is.
public struct ProfileChanges: Sendable {
    public var firstName: String?
    public var lastName: String?
    public var birthday: String?
    public var city: String?
    public var address: String?
    public var organisationID: String?

    public init(firstName: String? = nil, lastName: String? = nil, birthday: String? = nil, city: String? = nil, address: String? = nil, organisationID: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthday = birthday
        self.city = city
        self.address = address
        self.organisationID = organisationID
    }
}

/// The rules of every registration and profile field, one function per field, so the
/// step-by-step sign-up, the profile form and the API all say the same thing.
public enum ProfileRules {
    public static let nameMax = 60
    public static let addressMax = 200
    /// «Садова 5» is the shortest a volunteer can find; one letter is a slip of the finger.
    public static let addressMin = 5
    public static let passwordMin = 6
    /// The youngest age each role signs up at: help here is for older people (and for
    /// those pensioned early, e.g. from the army, in their forties); volunteering in
    /// Ukraine starts at 14.
    public static let minimumAge: [GARole: Int] = [.pensioner: 40, .volunteer: 14]

    public static func name(_ field: String, _ value: String?, into validator: inout Validator) -> String? {
        validator.text(field, value, maxLength: nameMax)
    }

    public static func birthday(_ value: String?, role: GARole?, today: Date, timeZone: TimeZone, into validator: inout Validator) -> Birthday? {
        guard let text = validator.text("birthday", value, maxLength: 20) else { return nil }
        switch Birthday.parse(text, today: today, timeZone: timeZone) {
        case .success(let birthday):
            if let role, let minimum = minimumAge[role], birthday.age(on: today, in: timeZone) < minimum {
                validator.add("birthday", "ga.birthday.too_young.\(role.rawValue)", ["age": String(minimum)])
                return nil
            }
            return birthday
        case .failure(.notADate): validator.add("birthday", "ga.birthday.invalid")
        case .failure(.inTheFuture): validator.add("birthday", "ga.birthday.future")
        case .failure(.tooOld): validator.add("birthday", "ga.birthday.too_old")
        }
        return nil
    }

    public static func city(_ value: String?, into validator: inout Validator) -> City? {
        guard let text = validator.text("city", value, maxLength: 40) else { return nil }
        guard let city = City.find(text) else {
            validator.add("city", "ga.city.unknown")
            return nil
        }
        return city
    }

    public static func address(_ value: String?, into validator: inout Validator) -> String? {
        guard let address = validator.text("address", value, maxLength: addressMax) else { return nil }
        if address.count < addressMin || !address.contains(where: \.isLetter) {
            validator.add("address", "ga.address.too_short")
            return nil
        }
        return address
    }

    /// The organisation a volunteer belongs to: it must exist and serve their `city`
    /// (when the city is known and valid).
    public static func organisation(_ value: String?, city: String?, on db: any Database, into validator: inout Validator) async throws -> Organisation? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            validator.add("organisationId", "ga.organisation.required")
            return nil
        }
        guard let id = UUID(uuidString: text), let organisation = try await Organisation.find(id, on: db) else {
            validator.add("organisationId", "ga.organisation.unknown")
            return nil
        }
        if let city, !(try await OrganisationCities.serves(id, city: city, on: db)) {
            validator.add("organisationId", "ga.organisation.not_in_city",
                          ["name": organisation.name, "city": City.name(of: city, in: .uk)])
            return nil
        }
        return organisation
    }
}

/// Joining, and keeping one's own profile.
public struct ProfileService: Sendable {
    let context: GoldenAgerContext

    /// Roles a person may join as; coordinators and administrators are made by others.
    public static let joinableRoles: [GARole] = [.pensioner, .volunteer, .relative]

    /// Creates the account and its profile together (`AccountService.signUp`); on any
    /// problem nothing is written. A relative gives only a name: help goes to the
    /// pensioner's city and address.
    public func register(_ input: RegistrationInput, language: Language? = nil) async throws -> Member {
        var validator = Validator()
        if !Self.joinableRoles.contains(where: { $0 == input.role }) { validator.add("role", "ga.role.invalid") }
        let firstName = ProfileRules.name("firstName", input.firstName, into: &validator)
        let lastName = ProfileRules.name("lastName", input.lastName, into: &validator)
        let isRelative = input.role == .relative
        let birthday = isRelative ? nil : ProfileRules.birthday(input.birthday, role: input.role, today: context.clock.now, timeZone: context.timeZone,
                                                                into: &validator)
        let city = isRelative ? nil : ProfileRules.city(input.city, into: &validator)
        var address: String?
        var organisation: Organisation?
        if input.role == .pensioner {
            address = ProfileRules.address(input.address, into: &validator)
        } else if input.role == .volunteer {
            organisation = try await ProfileRules.organisation(input.organisationID, city: city?.id, on: context.db, into: &validator)
        }
        let role = input.role ?? .pensioner
        let profile = Profile()
        profile.role = role.rawValue
        profile.firstName = firstName ?? ""
        profile.lastName = lastName ?? ""
        profile.birthday = birthday?.description ?? ""
        profile.city = city?.id ?? ""
        profile.address = address
        profile.$organisation.id = try organisation?.requireID()
        profile.isOnline = false
        profile.updatedAt = context.clock.now
        let account = try await context.accounts.signUp(
            app: GoldenAger.id, rules: GoldenAgerAccounts(), login: input.phone, password: input.password,
            role: role.rawValue, displayName: profile.fullName, language: language, validated: validator
        ) { account, db in
            profile.id = try account.requireID()
            profile.phone = account.login
            try await profile.create(on: db)
        }
        return Member(account: account, profile: profile)
    }

    /// Changes one's own profile. The account's display name follows the names.
    public func update(_ member: Member, with changes: ProfileChanges) async throws -> Profile {
        let profile = try member.requireProfile()
        var validator = Validator()
        let firstName = changes.firstName.map { ProfileRules.name("firstName", $0, into: &validator) }
        let lastName = changes.lastName.map { ProfileRules.name("lastName", $0, into: &validator) }
        let birthday = changes.birthday.map { ProfileRules.birthday($0, role: member.role, today: context.clock.now, timeZone: context.timeZone,
                                                                    into: &validator) }
        let city = changes.city.map { ProfileRules.city($0, into: &validator) }
        var address: String??
        if let value = changes.address {
            if member.role == .pensioner { address = ProfileRules.address(value, into: &validator) }
            else { validator.add("address", "ga.profile.address_pensioners_only") }
        }
        var organisation: Organisation??
        if let value = changes.organisationID {
            if member.role == .volunteer {
                let newCity = (city ?? nil)?.id ?? profile.city
                organisation = try await ProfileRules.organisation(value, city: newCity, on: context.db, into: &validator)
            }
            else { validator.add("organisationId", "ga.profile.organisation_volunteers_only") }
        } else if member.role == .volunteer, let newCity = city ?? nil, let current = profile.$organisation.id,
                  !(try await OrganisationCities.serves(current, city: newCity.id, on: context.db)) {
            // Moving to a city their organisation does not serve.
            let name = try await Organisation.find(current, on: context.db)?.name ?? ""
            validator.add("city", "ga.organisation.not_in_city", ["name": name, "city": newCity.name(in: .uk)])
        }
        try validator.throwIfInvalid()
        if let firstName = firstName ?? nil { profile.firstName = firstName }
        if let lastName = lastName ?? nil { profile.lastName = lastName }
        if let birthday = birthday ?? nil { profile.birthday = birthday.description }
        if let city = city ?? nil { profile.city = city.id }
        if let address = address ?? nil { profile.address = address }
        var leftOnline = false
        if let organisation = organisation ?? nil, try organisation.requireID() != profile.$organisation.id {
            // The new organisation has not checked them: pending again, and offline.
            profile.$organisation.id = try organisation.requireID()
            profile.approvedAt = nil
            profile.approvedBy = nil
            profile.rejectionReason = nil
            leftOnline = profile.isOnline
            profile.isOnline = false
            profile.onlineSince = nil
        }
        profile.updatedAt = context.clock.now
        let account = member.account
        account.displayName = profile.fullName
        try await context.db.writeTransaction { db in
            try await profile.save(on: db)
            try await account.save(on: db)
        }
        if leftOnline { try await announce(online: false, volunteer: member.id, city: profile.city) }
        return profile
    }

    /// Goes online (offered new tasks of the city, live) or offline.
    public func setOnline(_ member: Member, _ online: Bool) async throws -> Profile {
        try member.require(.volunteer)
        let profile = try member.requireProfile()
        if online, profile.isPendingApproval { throw Self.pendingApproval }
        guard profile.isOnline != online else { return profile }
        profile.isOnline = online
        profile.onlineSince = online ? context.clock.now : nil
        profile.updatedAt = context.clock.now
        try await profile.save(on: context.db)
        try await announce(online: online, volunteer: member.id, city: profile.city)
        return profile
    }

    /// A volunteer whose organisation has not checked them yet may not go online or accept.
    static let pendingApproval = AppError(.forbidden, code: "volunteer_pending", key: "ga.volunteer.pending")

    /// Marks a pending volunteer as checked: `member` (a coordinator of the volunteer's
    /// organisation, or an administrator) saw an identity document matching the profile.
    /// Audit-logged. Approving an approved volunteer changes nothing.
    public func approve(_ accountID: UUID, documentChecked: Bool?, by member: Member) async throws -> Member {
        try member.require(.coordinator, .admin)
        let target = try await volunteer(accountID, managedBy: member)
        guard documentChecked == true else {
            throw AppError.validation([FieldError(field: "documentChecked", key: "ga.approval.document_required")])
        }
        let profile = try target.requireProfile()
        guard profile.approvedAt == nil else { return target }
        let now = context.clock.now
        let approver = member.id
        let audit = context.audit
        let context = context
        // Conditional, so that two coordinators approving at once write one audit entry
        // and the volunteer hears of it once.
        let approved = try await context.db.writeTransaction { db in
            let changed = try await db.sql.update(Profile.schema)
                .set("approved_at", to: SQLBind(now)).set("approved_by", to: SQLBind(approver)).set("updated_at", to: SQLBind(now))
                .set("rejection_reason", to: SQLLiteral.null).set("suspended_at", to: SQLLiteral.null)
                .where("account_id", .equal, SQLBind(accountID)).where(SQLIdentifier("approved_at"), .is, SQLLiteral.null)
                .returning("account_id").all()
            guard !changed.isEmpty else { return false }
            try await audit.record("volunteer.approved", entityType: "account", entityID: accountID.uuidString, actor: approver,
                                   after: "document checked", on: db)
            try await GoldenAgerPush(context: context, db: db).approved(accountID)
            return true
        }
        if approved {
            // Their waiting page, if open, turns into the one with «Вийти на зв’язок».
            let payload = GoldenAgerEvents.VolunteerPayload(volunteerId: accountID, city: profile.city)
            for topic in [GoldenAgerEvents.account(accountID), GoldenAgerEvents.board] {
                try await context.events.publish(topic: topic, name: "volunteer.approved", payload: payload, at: now, on: context.db)
            }
        }
        return try await Member(account: target.account, on: context.db)
    }

    /// Turns a waiting volunteer down with a reason they are told (pushed, and on their
    /// waiting page); they stay waiting and may answer it or choose another organisation.
    /// Audit-logged.
    public func reject(_ accountID: UUID, reason: String?, by member: Member) async throws -> Member {
        try member.require(.coordinator, .admin)
        let target = try await volunteer(accountID, managedBy: member)
        var validator = Validator()
        let reason = validator.text("reason", reason, maxLength: 500)
        try validator.throwIfInvalid()
        guard let reason, try target.requireProfile().approvedAt == nil else {
            throw AppError.conflict(code: "volunteer_approved", key: "ga.rejection.approved")
        }
        let now = context.clock.now
        let context = context
        try await context.db.writeTransaction { db in
            let changed = try await db.sql.update(Profile.schema)
                .set("rejection_reason", to: SQLBind(reason)).set("updated_at", to: SQLBind(now))
                .where("account_id", .equal, SQLBind(accountID)).where(SQLIdentifier("approved_at"), .is, SQLLiteral.null)
                .returning("account_id").all()
            guard !changed.isEmpty else { throw AppError.conflict(code: "volunteer_approved", key: "ga.rejection.approved") }
            try await context.audit.record("volunteer.rejected", entityType: "account", entityID: accountID.uuidString, actor: member.id,
                                           after: reason, on: db)
            try await GoldenAgerPush(context: context, db: db).rejected(accountID, reason: reason)
        }
        try await context.events.publish(topic: GoldenAgerEvents.account(accountID), name: "volunteer.rejected",
                                         payload: GoldenAgerEvents.VolunteerPayload(volunteerId: accountID, city: try target.requireProfile().city),
                                         at: now, on: context.db)
        return try await Member(account: target.account, on: context.db)
    }

    /// Stops a volunteer taking tasks until a coordinator approves them again: offline,
    /// and waiting as a new volunteer does. On `db`, the transaction of the report.
    static func suspend(_ volunteerID: UUID, at now: Date, on db: any Database) async throws {
        try await db.sql.update(Profile.schema)
            .set("approved_at", to: SQLLiteral.null).set("approved_by", to: SQLLiteral.null).set("suspended_at", to: SQLBind(now))
            .set("is_online", to: false).set("online_since", to: SQLLiteral.null).set("updated_at", to: SQLBind(now))
            .where("account_id", .equal, SQLBind(volunteerID)).run()
    }

    /// A volunteer waiting for their organisation's check, and when they signed up.
    public struct PendingVolunteer: Sendable {
        public let profile: Profile
        public let signedUpAt: Date
    }

    /// Active volunteers waiting for approval that `member` may approve, the longest
    /// waiting first.
    public func pendingVolunteers(for member: Member) async throws -> [PendingVolunteer] {
        try member.require(.coordinator, .admin)
        var query = Profile.query(on: context.db).filter(\.$role == GARole.volunteer.rawValue).filter(\.$approvedAt == nil)
        if member.role == .coordinator {
            guard let organisation = member.profile?.$organisation.id else { return [] }
            query = query.filter(\.$organisation.$id == organisation)
        }
        let profiles = try await query.limit(500).all()
        guard !profiles.isEmpty else { return [] }
        let accounts = try await Account.query(on: context.db).filter(\.$id ~~ profiles.compactMap(\.id)).all()
        let signedUp = Dictionary(uniqueKeysWithValues: accounts.filter(\.isActive).compactMap { a in a.id.map { ($0, a.createdAt) } })
        return profiles.compactMap { profile in
            signedUp[profile.id!].map { PendingVolunteer(profile: profile, signedUpAt: $0) }
        }.sorted { $0.signedUpAt < $1.signedUpAt }
    }

    /// A volunteer `member` manages: any for an administrator, their own organisation's for
    /// a coordinator; anyone else is "not found".
    private func volunteer(_ accountID: UUID, managedBy member: Member) async throws -> Member {
        let notFound = AppError.notFound(code: "account_not_found", key: "ga.account.not_found")
        guard let account = try await Account.find(accountID, on: context.db), account.app == GoldenAger.id, account.isActive else { throw notFound }
        let target = try await Member(account: account, on: context.db)
        guard target.role == .volunteer, let profile = target.profile else { throw notFound }
        if member.role == .coordinator {
            guard let organisation = member.profile?.$organisation.id, profile.$organisation.id == organisation else { throw notFound }
        }
        return target
    }

    /// How long "online" lasts without being switched on again: a volunteer who forgot to
    /// go offline is not counted on the coordinators' board (nor offered tasks) the next
    /// day. The volunteer instructions say so (`InstructionsContent`).
    public static let onlineLapse: TimeInterval = 12 * 3600

    /// Takes offline every volunteer who went online more than `onlineLapse` ago, and
    /// announces it as their own "go offline" would be. Run by the server's housekeeping.
    /// One statement decides who lapses, so a volunteer who goes online again meanwhile
    /// stays online.
    public func endLapsedOnlineStates() async throws {
        let now = context.clock.now
        let lapsed = try await context.db.sql.update(Profile.schema)
            .set("is_online", to: false).set(SQLIdentifier("online_since"), to: SQLLiteral.null).set("updated_at", to: now)
            .where("is_online", .equal, true).where("online_since", .lessThan, now.addingTimeInterval(-Self.onlineLapse))
            .returning("account_id", "city").all()
        for row in lapsed {
            try await announce(online: false, volunteer: try row.decode(column: "account_id", as: UUID.self),
                               city: try row.decode(column: "city", as: String.self))
        }
    }

    /// Tells the board and the volunteer's own pages that they went online or offline.
    private func announce(online: Bool, volunteer: UUID, city: String) async throws {
        let name = online ? "volunteer.online" : "volunteer.offline"
        try await EventPublisher(context: context).volunteer(name, id: volunteer, city: city)
        try await context.events.publish(topic: GoldenAgerEvents.account(volunteer), name: name,
                                         payload: GoldenAgerEvents.VolunteerPayload(volunteerId: volunteer, city: city),
                                         at: context.clock.now, on: context.db)
    }

    /// Whom a volunteer waiting for their organisation's check calls: its coordinators by
    /// name, or the consultation line when it has none in the app.
    public struct WaitingHelp: Sendable {
        public let organisation: String?
        public let coordinators: [Profile]
        public let consultationPhone: String?
    }

    public func waitingHelp(for member: Member) async throws -> WaitingHelp {
        let organisation = try await self.organisation(of: try member.requireProfile())
        var coordinators: [Profile] = []
        if let id = organisation?.id {
            coordinators = try await Profile.query(on: context.db).filter(\.$role == GARole.coordinator.rawValue)
                .filter(\.$organisation.$id == id).all().sorted(byName: \.fullName, in: .uk)
        }
        let phone = coordinators.isEmpty ? try await context.catalog.consultationPhone() : nil
        return WaitingHelp(organisation: organisation?.name, coordinators: coordinators, consultationPhone: phone)
    }

    public func organisation(of profile: Profile) async throws -> Organisation? {
        guard let id = profile.$organisation.id else { return nil }
        return try await Organisation.find(id, on: context.db)
    }
}
