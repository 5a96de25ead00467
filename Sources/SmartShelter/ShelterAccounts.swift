import Fluent
import Foundation
import Kernel
import Vapor

/// Smart Shelter's side of the kernel's account system: e-mail sign-up, sign-in and reset
/// by an e-mailed link; a new account is pending until the director gives it a role.
struct ShelterAccounts: EmailSignUpAccounts {
    var app: AppDescriptor { SmartShelter.descriptor }
    var loginKind: LoginKind { .email }
    var passwordMinLength: Int { StaffService.passwordMinLength }
    var passwordReset: PasswordResetKind { .emailLink }
    var signUpPath: String { "/signup" }
    var signUpRole: String { ShelterRole.pending.rawValue }
    /// The dashboard tells a pending person to wait for the director.
    var afterSignUpPath: String { "/dashboard" }
    var defaultTimeZone: TimeZone { ShelterProfile.defaultTimeZone }
    var signUpLeadKey: String? { "ss.signup.lead" }

    func writeProfile(of account: Account, at now: Date, on db: any Database) async throws {
        try await ShelterProfile(accountID: try account.requireID(), at: now).create(on: db)
    }

    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response {
        let person = try await StaffMember(account: account, on: req.db)
        return try await SSModels.Session(token: token.token, expiresAt: token.expiresAt, profile: SSModels.Profile(person)).encodeResponse(for: req)
    }

    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response {
        try await SSModels.Profile(try await req.staffMember(account)).encodeResponse(for: req)
    }

    func updateProfile(_ req: Request, _ account: Account) async throws -> Response {
        try await ShelterAPI.updateProfile(req).encodeResponse(for: req)
    }

    /// The shelter's records are the shelter's: what a person did stays, by their id, in the
    /// audit trail; only their settings go with the account.
    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit {
        try await ShelterProfile.query(on: db).filter(\.$id == account.requireID()).delete()
        return {}
    }

    func home(for account: Account, _ req: Request) async throws -> String {
        "\(ShelterWeb.prefix)/dashboard"
    }

    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response {
        let person: StaffMember? = if let account { try await StaffMember(account: account, on: req.db) } else { nil }
        return req.render(ShelterWeb.shell(person, title: page.title, section: account == nil ? .none : .settings, status: page.status,
                                           req.viewContext) { page.content })
    }
}
