import Fluent
import Foundation
import Kernel
import SQLKit

/// A coordinator serving people who phone (the consultation line is how many older people
/// come in): finds a pensioner of their organisations' cities by phone number, orders,
/// changes and cancels for them (`TaskService`, as a relative does), signs up a new one on
/// the line, and gives them a reset code to set their own password. An administrator may do
/// the same for any city. Everything is audit-logged.
public struct OperatorService: Sendable {
    let context: GoldenAgerContext
    var db: any Database { context.db }

    /// The cities `member` serves callers of: their organisation's; nil for an
    /// administrator (every city).
    func servedCities(by member: Member) async throws -> Set<String>? {
        switch member.role {
        case .admin: return nil
        case .coordinator:
            guard let organisation = member.profile?.$organisation.id else { return [] }
            return try await OrganisationCities.cities(of: [organisation], on: db)[organisation] ?? []
        default: throw AppError.forbidden
        }
    }

    /// Whether `member` may act for the pensioner `profile` (by city).
    func mayServe(_ profile: Profile, by member: Member) async throws -> Bool {
        guard profile.gaRole == .pensioner else { return false }
        guard let cities = try await servedCities(by: member) else { return true }
        return cities.contains(profile.city)
    }

    /// The pensioner `id`, if `member` may act for them; otherwise "not found".
    func pensioner(_ id: UUID, for member: Member) async throws -> Profile {
        guard let profile = try await Profile.find(id, on: db), try await mayServe(profile, by: member) else {
            throw RelativeService.pensionerNotFound
        }
        return profile
    }

    /// A pensioner found by the phone number they give (any usual spelling), if `member`
    /// may act for them.
    public func findPensioner(phone: String?, by member: Member) async throws -> Profile? {
        try member.require(.coordinator, .admin)
        guard let login = phone.flatMap({ PhoneNumber.normalise($0) }),
              let profile = try await Profile.query(on: db).filter(\.$phone == login).filter(\.$role == GARole.pensioner.rawValue).first(),
              try await mayServe(profile, by: member)
        else { return nil }
        return profile
    }

    /// Signs up a pensioner who is on the line: their name, phone, birthday, city (one the
    /// coordinator's organisation serves) and address; no password — the coordinator reads
    /// out the returned reset code, with which they set their own. Audit-logged.
    public func signUpPensioner(_ input: RegistrationInput, by member: Member) async throws -> (pensioner: Member, code: IssuedResetCode) {
        try member.require(.coordinator, .admin)
        var registration = input
        registration.role = .pensioner
        // A password nobody knows, replaced by the pensioner's own through the reset code.
        registration.password = SecretToken.generate()
        if let cities = try await servedCities(by: member), let city = input.city.flatMap(City.find), !cities.contains(city.id) {
            throw AppError.validation([FieldError(field: "city", key: "ga.operator.city_not_yours")])
        }
        let pensioner = try await context.profiles.register(registration)
        try await context.audit.record("operator.signed_up", entityType: "account", entityID: pensioner.id.uuidString, actor: member.id,
                                       after: pensioner.account.login, on: db)
        let resets = PasswordResets(database: db, clock: context.clock, accounts: context.accounts, mailer: context.services.mail)
        return (pensioner, try await resets.issueCode(for: pensioner.account, by: member.account))
    }

    /// Notes what an operator did to a task, on the transaction (or database) `db`.
    func record(_ action: String, task: HelpTask, by member: Member, on db: any Database) async throws {
        guard member.role == .coordinator || member.role == .admin else { return }
        try await context.audit.record("operator.\(action)", entityType: "task", entityID: try task.requireID().uuidString, actor: member.id,
                                       after: ["pensionerId": task.pensionerID.uuidString, "status": task.status.rawValue], on: db)
    }
}
