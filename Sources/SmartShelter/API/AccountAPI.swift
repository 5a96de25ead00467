import Foundation
import Kernel
import Vapor

/// Sign-up (`POST /accounts`, served on the kernel's account paths through `ShelterAccounts`).
extension ShelterAPI {
    static func register(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.Registration.self)
        let person = try await req.shelter.staff.register(name: input.name, email: input.email, password: input.password,
                                                          passwordRepeat: input.passwordRepeat, timeZone: input.timeZone,
                                                          language: req.language)
        let issued = try await req.accounts.issueToken(for: person.account)
        return try await M.Session(token: issued.token, expiresAt: issued.expiresAt, profile: M.Profile(person))
            .created(at: "\(SmartShelter.descriptor.apiPath)/me", for: req)
    }
}
