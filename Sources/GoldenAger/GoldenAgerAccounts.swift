import Fluent
import Foundation
import Kernel
import Vapor

/// Golden Ager's side of the kernel's account system: people sign in with their phone
/// number, and a forgotten password is reset with a code that a coordinator (for their
/// volunteers) or an administrator issues on screen — there is no SMS.
struct GoldenAgerAccounts: AppAccounts {
    typealias M = APIModels

    var loginKind: LoginKind { .phone }
    var passwordMinLength: Int { ProfileRules.passwordMin }
    var passwordReset: PasswordResetKind { .staffCode }
    var signUpPath: String { "/" }

    func signUp(_ req: Request) async throws -> Response {
        try await GoldenAgerAPI.register(req)
    }

    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response {
        let member = try await Member(account: account, on: req.db)
        return try await M.Session(token: token.token, expiresAt: token.expiresAt, profile: try await GoldenAgerAPI.profileDTO(member, req))
            .encodeResponse(for: req)
    }

    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response {
        try await GoldenAgerAPI.profileDTO(try await Member(account: account, on: req.db), req).encodeResponse(for: req)
    }

    func updateProfile(_ req: Request, _ account: Account) async throws -> Response {
        try await GoldenAgerAPI.updateMe(req).encodeResponse(for: req)
    }

    /// A person whose tasks exist keeps them: they are the volunteers' credited hours and
    /// the pensioner's history. Such an account is deactivated by a coordinator instead;
    /// one without tasks is removed with its profile.
    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit {
        let id = try account.requireID()
        let tasks = try await HelpTask.query(on: db).group(.or) { $0.filter(\.$pensionerID == id).filter(\.$volunteerID == id) }.count()
        let acted = try await TaskTransition.query(on: db).filter(\.$actorID == id).count()
        guard tasks == 0, acted == 0 else {
            throw AppError.conflict(code: "account_has_tasks", key: "ga.delete.has_tasks")
        }
        try await TaskDecline.query(on: db).filter(\.$volunteerID == id).delete()
        try await Profile.query(on: db).filter(\.$id == id).delete()
        return {}
    }

    func home(for account: Account, _ req: Request) async throws -> String {
        GoldenAgerWeb.home(for: try await Member(account: account, on: req.db))
    }

    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response {
        let member: Member? = if let account { try await Member(account: account, on: req.db) } else { nil }
        let section: GoldenAgerWeb.Section = account == nil ? .none : .profile
        return req.render(GoldenAgerWeb.shell(member, title: page.title, section: section, status: page.status, req.viewContext) { page.content })
    }

    /// The consultation number, which puts the person through to whoever can help.
    func staffPhone(_ req: Request) async throws -> String? {
        try await req.goldenAger.catalog.consultationPhone()
    }

    func callForCode(phone: String?, _ c: ViewContext) -> (whom: String, button: HTML) {
        let l = c.localizer
        guard let phone else { return (l.text("ga.reset.whom_coordinator"), .empty) }
        return (l.text("ga.reset.whom", ["phone": PhoneNumber.display(phone)]), GoldenAgerWeb.phoneLink(phone, label: l.text("ga.consultation.call")))
    }
}
