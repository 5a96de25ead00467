import Fluent
import Foundation
import Kernel

/// Accounts and roles: sign-up (pending until the director gives a role), the staff list,
/// roles, and each person's settings.
public struct StaffService: Sendable {
    public static let passwordMinLength = 10

    let context: ShelterContext
    var db: any Database { context.db }

    /// Signs a member of the staff up (the kernel's e-mail sign-up, `ShelterAccounts`),
    /// pending unless given a role (demo data).
    public func register(_ form: EmailSignUpForm, language: Language, role: ShelterRole? = nil) async throws -> StaffMember {
        let account = try await context.accounts.signUp(byEmail: form, rules: ShelterAccounts(), role: role?.rawValue, language: language)
        return try await StaffMember(account: account, on: db)
    }

    /// Everyone on the staff, pending people first (they are waiting), then by name.
    public func list(by director: StaffMember) async throws -> [Account] {
        try context.authorize(director, [])
        let accounts = try await Account.query(on: db).filter(\.$app == SmartShelter.id).filter(\.$deactivatedAt == nil).all()
        let pending = ShelterRole.pending.rawValue
        return accounts.sorted { a, b in
            if (a.role == pending) != (b.role == pending) { return a.role == pending }
            return director.collation.areInIncreasingOrder(a.displayName, b.displayName)
        }
    }

    /// Who of the staff said they are on duty (their profile's setting): the people alarms
    /// go to, or everyone who gets alarms when it is nobody (`AlarmService`).
    public func onDuty(by director: StaffMember) async throws -> Set<UUID> {
        try context.authorize(director, [])
        return Set(try await ShelterProfile.query(on: db).filter(\.$onDuty == true).all().compactMap(\.id))
    }

    /// The role name that takes a person off the staff (`PUT /staff/{id}/role`).
    public static let dismissed = "dismissed"

    /// Gives `role` to a member of the staff (the director, with a fresh confirmation);
    /// `dismissed` takes them off the staff (`dismiss`). A director does not change their
    /// own role, and the last director is never demoted.
    public func setRole(of accountID: UUID, to roleName: String?, by director: StaffMember) async throws -> Account {
        try context.authorizeChange(director, [])
        if roleName == Self.dismissed { return try await dismiss(accountID, by: director) }
        guard let roleName, let role = ShelterRole(apiName: roleName), ShelterRole.assignable.contains(role) else {
            throw AppError.validation([FieldError(field: "role", key: "ss.validation.role")])
        }
        guard accountID != director.id else { throw AppError.conflict(code: "own_role", key: "ss.error.own_role") }
        return try await changeInTurn(accountID, by: director) { account, db in
            let before = ShelterRole(rawValue: account.role) ?? .pending
            guard before != role else { return }
            account.role = role.rawValue
            try await account.save(on: db)
            try await context.audit.record("staff.role", entityType: "account", entityID: accountID.uuidString.lowercased(), actor: director.id,
                                           before: ["role": before.apiName], after: ["role": role.apiName], on: db)
        }
    }

    /// Takes a person off the staff (the director, with a fresh confirmation): their account
    /// is deactivated, so they cannot sign in again, and every session and token of theirs
    /// ends in the same transaction; their records and audit entries stay, under their
    /// name. A director may leave this way too, unless they are the last one.
    public func dismiss(_ accountID: UUID, by director: StaffMember) async throws -> Account {
        try context.authorizeChange(director, [])
        return try await changeInTurn(accountID, by: director) { account, db in
            let before = ShelterRole(rawValue: account.role) ?? .pending
            account.deactivatedAt = context.clock.now
            try await account.save(on: db)
            try await AccountService.endCredentials(of: account, on: db)
            // Off duty: alarms must not wait on a person who can no longer sign in.
            try await ShelterProfile.query(on: db).filter(\.$id == accountID).set(\.$onDuty, to: false).update()
            try await context.audit.record("staff.dismiss", entityType: "account", entityID: accountID.uuidString.lowercased(), actor: director.id,
                                           before: ["role": before.apiName], after: ["role": Self.dismissed], on: db)
        }
    }

    /// Runs `change` on an active member of the staff, the staff's changes taking turns
    /// (`lockUntilCommit`): the target and the director are read again after the lock, and
    /// a change that would leave the shelter without an active director is refused, so two
    /// directors demoting or dismissing each other at once cannot both succeed.
    private func changeInTurn(_ accountID: UUID, by director: StaffMember,
                              _ change: @escaping @Sendable (Account, any Database) async throws -> Void) async throws -> Account {
        try await db.writeTransaction { db in
            try await db.lockUntilCommit("\(SmartShelter.id).staff")
            let directors = try await Account.query(on: db).filter(\.$app == SmartShelter.id)
                .filter(\.$role == ShelterRole.director.rawValue).filter(\.$deactivatedAt == nil).all()
            guard directors.contains(where: { $0.id == director.id }) else { throw AppError.forbidden }
            guard let account = try await Account.find(accountID, on: db), account.app == SmartShelter.id, account.isActive else {
                throw AppError.notFound(code: "staff_not_found", key: "ss.error.staff_not_found")
            }
            try await change(account, db)
            let stillDirector = account.isActive && account.role == ShelterRole.director.rawValue
            if directors.contains(where: { $0.id == accountID }), !stillDirector, directors.count == 1 {
                throw AppError.conflict(code: "last_director", key: "ss.error.last_director")
            }
            return account
        }
    }

    /// A person's own settings: name, language, temperature unit and time zone (their own
    /// display, not the shelter's records: no confirmation needed).
    public func updateSettings(_ person: StaffMember, name: String?, language: String?, unit: String?, timeZone: String?,
                               onDuty: Bool? = nil) async throws -> StaffMember {
        var v = Kernel.Validator()
        let account = person.account, profile = person.profile
        if name != nil, let name = v.text("name", name, maxLength: AccountService.nameMaxLength) { account.displayName = name }
        if let language {
            if let chosen = Language(code: language) { account.language = chosen.rawValue } else { v.add("language", "ss.validation.language") }
        }
        if let unit {
            if let chosen = TemperatureUnit(rawValue: unit) { profile.temperatureUnitCode = chosen.rawValue } else { v.add("temperatureUnit", "ss.validation.unit") }
        }
        if let zone = v.timeZone("timeZone", timeZone) { account.timeZone = zone.identifier }
        try v.throwIfInvalid()
        let dutyChanged = onDuty.map { $0 != profile.onDuty } ?? false
        if let onDuty { profile.onDuty = onDuty }
        try await db.writeTransaction { db in
            try await account.save(on: db)
            try await profile.save(on: db)
            if dutyChanged {
                try await context.audit.record("staff.duty", entityType: "account", entityID: person.id.uuidString.lowercased(), actor: person.id,
                                               before: ["onDuty": String(!profile.onDuty)], after: ["onDuty": String(profile.onDuty)], on: db)
            }
        }
        var updated = StaffMember(account: account, profile: profile)
        updated.confirmedUntil = person.confirmedUntil
        return updated
    }
}
