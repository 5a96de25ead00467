import Fluent
import Foundation
import Kernel
import SQLKit
import Vapor

/// Znoshka's side of the kernel's account system: e-mail sign-up, sign-in and reset by an
/// e-mailed link; the profile is the exam date and the study reminder.
struct ZnoshkaAccounts: EmailSignUpAccounts {
    var app: AppDescriptor { Znoshka.descriptor }
    var loginKind: LoginKind { .email }
    var passwordMinLength: Int { StudentService.passwordMinLength }
    var passwordReset: PasswordResetKind { .emailLink }
    var signUpPath: String { "/signup" }
    var signUpRole: String { Student.studentRole }
    var afterSignUpPath: String { "/subjects" }
    var defaultTimeZone: TimeZone { ZnoshkaProfile.defaultTimeZone }

    /// No exam date or reminder yet: the profile page asks for them.
    func writeProfile(of account: Account, at now: Date, on db: any Database) async throws {
        try await ZnoshkaProfile(accountID: try account.requireID(), at: now).create(on: db)
    }

    func sessionAnswer(_ req: Request, _ account: Account, token: IssuedToken) async throws -> Response {
        let student = try await Student(account: account, on: req.db)
        return try await ZNModels.Session(token: token.token, expiresAt: token.expiresAt, profile: ZnoshkaAPI.profile(student)).encodeResponse(for: req)
    }

    func profileAnswer(_ req: Request, _ account: Account) async throws -> Response {
        try await ZnoshkaAPI.profile(try await Student(account: account, on: req.db)).encodeResponse(for: req)
    }

    func updateProfile(_ req: Request, _ account: Account) async throws -> Response {
        try await ZnoshkaAPI.updateProfile(req).encodeResponse(for: req)
    }

    /// A person's attempts, answers and review queue are theirs alone and go with the account.
    func deleteData(of account: Account, services: ServiceContext, on db: any Database) async throws -> AfterCommit {
        let id = try account.requireID()
        try await ReviewItem.query(on: db).filter(\.$ownerID == id).delete()
        // What they wrote goes with them; the scores of what they voted on are recounted.
        let voted = try await SolutionVote.query(on: db).filter(\.$voterID == id).all(\.$solutionID)
        try await SolutionVote.query(on: db).filter(\.$voterID == id).delete()
        for solution in Set(voted) {
            try await db.sql.update(Solution.schema)
                .set("score", to: SQLQueryString("(SELECT COALESCE(SUM(value), 0) FROM zn_solution_votes WHERE solution_id = \(bind: solution))"))
                .where("id", .equal, SQLBind(solution)).run()
        }
        try await AbuseReport.query(on: db).filter(\.$reporterID == id).delete()
        try await SolutionComment.query(on: db).filter(\.$authorID == id).delete()
        try await Solution.query(on: db).filter(\.$authorID == id).delete()
        let attempts = try await Attempt.query(on: db).filter(\.$ownerID == id).all().compactMap(\.id)
        if !attempts.isEmpty { try await AttemptAnswer.query(on: db).filter(\.$attemptID ~~ attempts).delete() }
        try await Attempt.query(on: db).filter(\.$ownerID == id).delete()
        try await ZnoshkaProfile.query(on: db).filter(\.$id == id).delete()
        return {}
    }

    func home(for account: Account, _ req: Request) async throws -> String {
        "\(ZnoshkaWeb.prefix)/subjects"
    }

    func respond(_ req: Request, _ account: Account?, with page: AccountPage) async throws -> Response {
        let student: Student? = if let account { try await Student(account: account, on: req.db) } else { nil }
        return req.render(ZnoshkaWeb.shell(student, title: page.title, section: account == nil ? .none : .profile, status: page.status,
                                           req.viewContext) { page.content })
    }
}
