import Fluent
import Foundation
import Kernel
import Vapor

/// Fuctivity's side of the kernel's account system: e-mail sign-up, sign-in and reset by
/// an e-mailed link; the profile is the person's week plan.
struct FuctivityAccounts: EmailSignUpAccounts {
    typealias M = FXModels

    var app: AppDescriptor { Fuctivity.descriptor }
    var loginKind: LoginKind { .email }
    var passwordMinLength: Int { PlannerService.passwordMinLength }
    var passwordReset: PasswordResetKind { .emailLink }
    var signUpPath: String { "/signup" }
    /// Onboarding asks for the week before the calendar shows it.
    var afterSignUpPath: String { "/onboarding" }
    var defaultTimeZone: TimeZone { WeekPlan.defaultTimeZone }

    /// The default plan; onboarding confirms it.
    func writeProfile(of account: Account, at now: Date, on db: any Database) async throws {
        try await FuctivityProfile(accountID: try account.requireID(), plan: WeekPlan(), at: now).create(on: db)
    }

    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response {
        let planner = try await Planner(account: account, on: req.db)
        return try await M.Session(token: token.token, expiresAt: token.expiresAt, profile: M.profile(planner)).encodeResponse(for: req)
    }

    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response {
        try await M.profile(try await Planner(account: account, on: req.db)).encodeResponse(for: req)
    }

    /// `PATCH /me` takes what `PUT /settings` takes.
    func updateProfile(_ req: Request, _ account: Account) async throws -> Response {
        try await FuctivityAPI.updateSettings(req).encodeResponse(for: req)
    }

    /// A person's rest is theirs alone: their reminders, activities, own categories and
    /// plan go with the account.
    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit {
        let id = try account.requireID()
        try await Reminder.query(on: db).filter(\.$ownerID == id).delete()
        try await RestActivity.query(on: db).filter(\.$ownerID == id).delete()
        try await RestCategory.query(on: db).filter(\.$ownerID == id).delete()
        try await FuctivityProfile.query(on: db).filter(\.$id == id).delete()
        return {}
    }

    func home(for account: Account, _ req: Request) async throws -> String {
        "\(FuctivityWeb.prefix)/week"
    }

    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response {
        let planner: Planner? = if let account { try await Planner(account: account, on: req.db) } else { nil }
        return req.render(FuctivityWeb.shell(planner, title: page.title, section: account == nil ? .none : .profile, status: page.status, req.viewContext) {
            page.content
        })
    }
}
