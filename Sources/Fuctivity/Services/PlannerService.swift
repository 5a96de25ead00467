import Fluent
import Foundation
import Kernel

/// Accounts and week plans: sign-up, onboarding and settings.
public struct PlannerService: Sendable {
    public static let passwordMinLength = 8
    public static let nameMaxLength = 80

    let context: FuctivityContext
    var db: any Database { context.db }

    /// Creates the account and a profile with the default plan (onboarding confirms it); a
    /// taken e-mail is a 409.
    public func register(name: String?, email: String?, password: String?, passwordRepeat: String?, timeZone: String?,
                         language: Language) async throws -> Planner {
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let email = v.email("email", email)
        v.newPassword(password, repeat: passwordRepeat ?? password, fields: ("password", "passwordRepeat"), minLength: Self.passwordMinLength)
        let zone = Self.zone(timeZone, into: &v) ?? WeekPlan.defaultTimeZone
        try v.throwIfInvalid()
        let hash = try await context.accounts.hashPassword(password!)
        let account = context.accounts.newAccount(app: Fuctivity.id, login: email!, passwordHash: hash, role: "member",
                                                  displayName: name!, language: language)
        let now = context.clock.now
        let profile = try await db.writeTransaction { db -> FuctivityProfile in
            try await context.accounts.insert(account, on: db)
            let profile = FuctivityProfile(accountID: try account.requireID(), plan: WeekPlan(timeZone: zone), at: now)
            try await profile.create(on: db)
            return profile
        }
        return Planner(account: account, profile: profile)
    }

    /// Sets the week plan (and the time zone, the name when given); the first time is the
    /// end of onboarding.
    public func updatePlan(_ planner: Planner, to plan: WeekPlan, name: String? = nil) async throws -> Planner {
        var v = Kernel.Validator()
        let newName = name == nil ? nil : v.text("name", name, maxLength: Self.nameMaxLength)
        for problem in plan.problems() { v.add(problem.field, problem.key, problem.arguments) }
        try v.throwIfInvalid()
        let now = context.clock.now
        let profile = planner.profile
        profile.apply(plan)
        profile.updatedAt = now
        if profile.onboardedAt == nil { profile.onboardedAt = now }
        let account = planner.account
        if let newName { account.displayName = newName }
        try await db.writeTransaction { db in
            try await profile.save(on: db)
            try await account.save(on: db)
        }
        return Planner(account: account, profile: profile)
    }

    /// A time zone the server knows, by its IANA name; nil (and a field error) otherwise.
    static func zone(_ identifier: String?, into v: inout Kernel.Validator, field: String = "timeZone") -> TimeZone? {
        guard let identifier, !identifier.isEmpty else { return nil }
        guard identifier.count <= 64, let zone = TimeZone(identifier: identifier) else {
            v.add(field, "fx.validation.time_zone")
            return nil
        }
        return zone
    }
}
