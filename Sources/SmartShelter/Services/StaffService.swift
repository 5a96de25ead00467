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

    /// Gives `role` to a member of the staff (the director, with a fresh confirmation). A
    /// director does not change their own role: the shelter would be left without one.
    public func setRole(of accountID: UUID, to roleName: String?, by director: StaffMember) async throws -> Account {
        try context.authorizeChange(director, [])
        guard let roleName, let role = ShelterRole(apiName: roleName), ShelterRole.assignable.contains(role) else {
            throw AppError.validation([FieldError(field: "role", key: "ss.validation.role")])
        }
        guard let account = try await Account.find(accountID, on: db), account.app == SmartShelter.id, account.isActive else {
            throw AppError.notFound(code: "staff_not_found", key: "ss.error.staff_not_found")
        }
        guard accountID != director.id else { throw AppError.conflict(code: "own_role", key: "ss.error.own_role") }
        let before = ShelterRole(rawValue: account.role) ?? .pending
        guard before != role else { return account }
        account.role = role.rawValue
        try await db.writeTransaction { db in
            try await account.save(on: db)
            try await context.audit.record("staff.role", entityType: "account", entityID: accountID.uuidString.lowercased(), actor: director.id,
                                           before: ["role": before.apiName], after: ["role": role.apiName], on: db)
        }
        return account
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
