import Foundation
import Kernel
import Vapor

/// Sign-up (`POST /accounts`, served on the kernel's account paths through
/// `ZnoshkaAccounts.signUp`).
extension ZnoshkaAPI {
    static func register(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.Registration.self)
        let student = try await req.znoshka.students.register(name: input.name, email: input.email, password: input.password,
                                                              passwordRepeat: input.passwordRepeat, timeZone: input.timeZone,
                                                              language: req.language)
        let issued = try await req.accounts.issueToken(for: student.account)
        return try await M.Session(token: issued.token, expiresAt: issued.expiresAt, profile: profile(student))
            .created(at: "\(Znoshka.descriptor.apiPath)/me", for: req)
    }
}
