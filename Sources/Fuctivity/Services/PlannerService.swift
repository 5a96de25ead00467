import Fluent
import Foundation
import Kernel

/// Changes to a week plan as people type them (times as `HH:MM`); what is nil stays.
public struct PlanChanges: Sendable {
    public var name: String?
    public var workingDays: [Int]?
    public var workHours: Int?
    public var workStarts: String?
    public var restHours: Int?
    public var dayStarts: String?
    public var dayEnds: String?
    public var timeZone: String?

    public init(name: String? = nil, workingDays: [Int]? = nil, workHours: Int? = nil, workStarts: String? = nil, restHours: Int? = nil,
                dayStarts: String? = nil, dayEnds: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.workingDays = workingDays
        self.workHours = workHours
        self.workStarts = workStarts
        self.restHours = restHours
        self.dayStarts = dayStarts
        self.dayEnds = dayEnds
        self.timeZone = timeZone
    }
}

/// Accounts and week plans: sign-up, onboarding and settings.
public struct PlannerService: Sendable {
    public static let passwordMinLength = 8

    let context: FuctivityContext
    var db: any Database { context.db }

    /// Signs a person up (the kernel's e-mail sign-up, `FuctivityAccounts.writeProfile`
    /// adding the default plan, which onboarding confirms); a taken e-mail is a 409.
    public func register(_ form: EmailSignUpForm, language: Language) async throws -> Planner {
        let account = try await context.accounts.signUp(byEmail: form, rules: FuctivityAccounts(), language: language)
        return try await Planner(account: account, on: db)
    }

    /// Applies `changes` to the person's plan (and name); every field at fault is named.
    /// The first time is the end of onboarding.
    public func updatePlan(_ planner: Planner, with changes: PlanChanges) async throws -> Planner {
        var v = Kernel.Validator()
        var plan = planner.plan
        if let days = changes.workingDays {
            if days.count != Set(days).count { v.add("workingDays", "fx.validation.weekday") }
            plan.workingDays = Set(days)
        }
        if let hours = changes.workHours { plan.workHours = hours }
        if let hours = changes.restHours { plan.restHours = hours }
        for (field, text, keyPath) in [("workStarts", changes.workStarts, \WeekPlan.workStarts), ("dayStarts", changes.dayStarts, \WeekPlan.dayStarts),
                                       ("dayEnds", changes.dayEnds, \WeekPlan.dayEnds)] {
            guard let text else { continue }
            if let minutes = WeekPlan.minutes(text) { plan[keyPath: keyPath] = minutes } else { v.add(field, "fx.validation.time") }
        }
        if let zone = v.timeZone("timeZone", changes.timeZone) { plan.timeZone = zone }
        return try await updatePlan(planner, to: plan, name: changes.name, validated: v)
    }

    /// Sets the week plan (and the name when given); the first time is the end of onboarding.
    public func updatePlan(_ planner: Planner, to plan: WeekPlan, name: String? = nil) async throws -> Planner {
        try await updatePlan(planner, to: plan, name: name, validated: Kernel.Validator())
    }

    private func updatePlan(_ planner: Planner, to plan: WeekPlan, name: String?, validated: Kernel.Validator) async throws -> Planner {
        var v = validated
        let newName = name == nil ? nil : v.text("name", name, maxLength: AccountService.nameMaxLength)
        for problem in plan.problems() where !v.hasError(for: problem.field) { v.add(problem.field, problem.key, problem.arguments) }
        try v.throwIfInvalid()
        let now = context.clock.now
        let profile = planner.profile
        profile.apply(plan)
        profile.updatedAt = now
        if profile.onboardedAt == nil { profile.onboardedAt = now }
        let account = planner.account
        if let newName { account.displayName = newName }
        account.timeZone = plan.timeZone.identifier
        try await db.writeTransaction { db in
            try await profile.save(on: db)
            try await account.save(on: db)
        }
        return Planner(account: account, profile: profile)
    }
}
