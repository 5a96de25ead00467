import Fluent
import Foundation
import Kernel

/// Settings as people type them; what is nil stays. An empty exam date or reminder time
/// clears it.
public struct StudentChanges: Sendable {
    public var name: String?
    public var examDate: String?
    public var reminderTime: String?
    public var timeZone: String?

    public init(name: String? = nil, examDate: String? = nil, reminderTime: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.examDate = examDate
        self.reminderTime = reminderTime
        self.timeZone = timeZone
    }
}

/// Accounts and settings: sign-up, the exam date and the study reminder, and the author
/// role an administrator gives.
public struct StudentService: Sendable {
    public static let passwordMinLength = 8

    let context: ZnoshkaContext
    var db: any Database { context.db }

    /// Signs a person up (the kernel's e-mail sign-up, `ZnoshkaAccounts`), a student unless
    /// given a role (demo data).
    public func register(_ form: EmailSignUpForm, language: Language, role: String? = nil) async throws -> Student {
        let account = try await context.accounts.signUp(byEmail: form, rules: ZnoshkaAccounts(), role: role, language: language)
        return try await Student(account: account, on: db)
    }

    /// Applies `changes`; every field at fault is named and nothing is saved while one is.
    public func update(_ student: Student, with changes: StudentChanges) async throws -> Student {
        var v = Kernel.Validator()
        let profile = student.profile
        let account = student.account
        if changes.name != nil, let name = v.text("name", changes.name, maxLength: AccountService.nameMaxLength) { account.displayName = name }
        let zone = v.timeZone("timeZone", changes.timeZone)
        if let zone { account.timeZone = zone.identifier }
        if let text = changes.examDate {
            if text.isEmpty {
                profile.examDate = nil
            } else if let day = LocalDay(text), day >= LocalDay(context.clock.now, in: zone ?? student.timeZone), day.year <= 2100 {
                profile.examDate = day.description
            } else {
                v.add("examDate", "zn.validation.exam_date")
            }
        }
        if let text = changes.reminderTime {
            if text.isEmpty {
                profile.reminderMinutes = nil
            } else if let minutes = Self.minutes(text) {
                profile.reminderMinutes = minutes
                // A new time may fall later today: let today's reminder come at it.
                profile.remindedOn = nil
            } else {
                v.add("reminderTime", "zn.validation.time")
            }
        }
        try v.throwIfInvalid()
        try await db.writeTransaction { db in
            try await profile.save(on: db)
            try await account.save(on: db)
        }
        return Student(account: account, profile: profile)
    }

    /// The roles an administrator gives (an administrator's own is not given this way).
    public static let givenRoles = [Student.studentRole, Student.moderatorRole, Student.authorRole]

    /// Gives a person one of `givenRoles` (administrators only), by their e-mail; audit-logged.
    public func setRole(email: String?, _ role: String?, by admin: Student) async throws -> Account {
        guard admin.isAdmin else { throw AppError.forbidden }
        var v = Kernel.Validator()
        let login = v.email("email", email)
        if !Self.givenRoles.contains(role ?? "") { v.add("role", "zn.validation.role") }
        try v.throwIfInvalid()
        guard let login, let role, let account = try await Account.query(on: db).filter(\.$app == Znoshka.id).filter(\.$login == login).first(),
              account.role != Account.adminRole else {
            throw AppError.notFound(code: "account_not_found", key: "zn.authors.not_found")
        }
        let before = account.role
        account.role = role
        try await db.writeTransaction { db in
            try await account.save(on: db)
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "account.role", entityType: "account", entityID: account.requireID().uuidString, actor: admin.id,
                before: ["role": before], after: ["role": account.role], on: db)
        }
        return account
    }

    /// Gives a role (`setRole`) and answers the person with their profile, as the API shows them.
    public func setRoleShowingProfile(email: String?, _ role: String?, by admin: Student) async throws -> Student {
        let account = try await setRole(email: email, role, by: admin)
        return try await Student(account: account, on: db)
    }

    /// `HH:MM` as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0..<24).contains(hours), (0..<60).contains(minutes) else { return nil }
        return hours * 60 + minutes
    }

}
