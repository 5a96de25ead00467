import Fluent
import Foundation
import Kernel
import SQLKit

/// What a person types to create an account.
public struct SignUp: Sendable {
    public var email: String?
    public var password: String?
    public var passwordRepeat: String?
    public var name: String?
    public var surname: String?
    public var cityID: String?

    public init(email: String?, password: String?, passwordRepeat: String?, name: String?, surname: String?, cityID: String?) {
        self.email = email
        self.password = password
        self.passwordRepeat = passwordRepeat
        self.name = name
        self.surname = surname
        self.cityID = cityID
    }
}

/// Accounts and profiles: sign-up, profile changes, password, and deleting everything.
public struct PeopleService: Sendable {
    public static let passwordMinLength = 8
    public static let nameMaxLength = 50

    let context: MoveJoinContext
    var db: any Database { context.db }

    /// Creates the account and its profile together (`AccountService.signUp`); a taken
    /// e-mail is a 409.
    public func register(_ input: SignUp, language: Language) async throws -> Mover {
        var v = Kernel.Validator()
        let about = Self.validateAboutYou(name: input.name, surname: input.surname, cityID: input.cityID, into: &v)
        let now = context.clock.now
        let profile = MoveJoinProfile(accountID: UUID(), name: about?.name ?? "", surname: about?.surname ?? "", cityID: about?.city.id ?? "", at: now)
        let account = try await context.accounts.signUp(
            app: MoveJoin.id, rules: MoveJoinAccounts(), login: input.email, password: input.password, passwordRepeat: input.passwordRepeat,
            role: "member", displayName: profile.fullName, language: language, validated: v
        ) { account, db in
            profile.id = try account.requireID()
            try await profile.create(on: db)
        }
        return Mover(account: account, profile: profile)
    }

    /// The second step of the web sign-up: the e-mail and password hash were checked
    /// and kept by the first.
    public func register(email: String, passwordHash: String, name: String?, surname: String?, cityID: String?, language: Language) async throws -> Mover {
        var v = Kernel.Validator()
        let about = Self.validateAboutYou(name: name, surname: surname, cityID: cityID, into: &v)
        try v.throwIfInvalid()
        let account = context.accounts.newAccount(app: MoveJoin.id, login: email, passwordHash: passwordHash, role: "member",
                                                  displayName: "\(about!.name) \(about!.surname)", language: language)
        let profile = MoveJoinProfile(accountID: UUID(), name: about!.name, surname: about!.surname, cityID: about!.city.id, at: context.clock.now)
        try await context.accounts.create(account, loginKind: .email) { account, db in
            profile.id = try account.requireID()
            try await profile.create(on: db)
        }
        return Mover(account: account, profile: profile)
    }

    /// Changes name, surname or city; fields left nil stay.
    public func update(_ mover: Mover, name: String?, surname: String?, cityID: String?) async throws -> MoveJoinProfile {
        var v = Kernel.Validator()
        let newName = name == nil ? nil : v.text("name", name, maxLength: Self.nameMaxLength)
        let newSurname = surname == nil ? nil : v.text("surname", surname, maxLength: Self.nameMaxLength)
        let city = cityID == nil ? nil : Self.validateCity(cityID, into: &v)
        try v.throwIfInvalid()
        let profile = mover.profile
        if let newName { profile.name = newName }
        if let newSurname { profile.surname = newSurname }
        if let city { profile.cityID = city.id }
        profile.updatedAt = context.clock.now
        let account = mover.account
        account.displayName = profile.fullName
        try await db.writeTransaction { db in
            try await profile.save(on: db)
            try await account.save(on: db)
        }
        return profile
    }

    /// What deleting the person does to MoveJoin's data, inside the kernel's deletion
    /// transaction: their future events are cancelled (participants' phones are told in
    /// the transaction, their open pages after the commit), they leave everyone else's events (the waitlists move up), their past events
    /// stay in others' history without a creator, and their profile, notices, notice
    /// settings, followed sports and calendar feed go.
    func deleteData(of mover: Mover, on db: any Database) async throws -> AfterCommit {
        let now = context.clock.now
        let accountID = mover.id
        let participation = context.participation
        var outcomes: [ParticipationService.Outcome] = []
        let own = try await SportEvent.query(on: db).filter(\.$creatorID == accountID).all()
        for event in own where event.status == .scheduled && event.startsAt > now {
            outcomes.append(try await participation.cancelLocked(event.requireID(), on: db, at: now))
        }
        let joined = try await Participation.query(on: db).filter(\.$accountID == accountID).all()
        // Lock events in one order, so two deletions never wait on each other crosswise.
        for eventID in Set(joined.map(\.eventID)).sorted(by: { $0.uuidString < $1.uuidString }) {
            if let outcome = try await participation.removeLocked(accountID, from: eventID, on: db, at: now) {
                outcomes.append(outcome)
            }
        }
        let sql = db.sql
        try await sql.update(SportEvent.schema).set("creator_id", to: SQLLiteral.null)
            .where("creator_id", .equal, SQLBind(accountID)).run()
        try await Notice.query(on: db).filter(\.$accountID == accountID).delete()
        try await NoticeSettings.query(on: db).filter(\.$id == accountID).delete()
        try await SportFollow.query(on: db).filter(\.$accountID == accountID).delete()
        // Their messages stay on the events' pages under the name they wrote them with.
        try await EventMessage.query(on: db).filter(\.$accountID == accountID).set(\.$accountID, to: nil).update()
        try await MoveJoinProfile.query(on: db).filter(\.$id == accountID).delete()
        let published = outcomes
        return { for outcome in published { await participation.publish(outcome) } }
    }

    // MARK: Rules

    static func validateAboutYou(name: String?, surname: String?, cityID: String?, into v: inout Kernel.Validator) -> (name: String, surname: String, city: City)? {
        let name = v.text("name", name, maxLength: nameMaxLength)
        let surname = v.text("surname", surname, maxLength: nameMaxLength)
        let city = validateCity(cityID, into: &v)
        guard let name, let surname, let city else { return nil }
        return (name, surname, city)
    }

    static func validateCity(_ id: String?, into v: inout Kernel.Validator) -> City? {
        if let city = City.find(id) { return city }
        v.add("cityId", id.isBlank ? "validation.required" : "mj.validation.unknown_city")
        return nil
    }
}
