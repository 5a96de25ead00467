import Foundation
import Kernel
import Vapor

/// A person's own settings and password confirmation; the director's staff list, roles
/// and audit trail.
extension ShelterAPI {
    static func updateProfile(_ req: Request) async throws -> M.Profile {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ProfileUpdate.self)
        return M.Profile(try await req.shelter.staff.updateSettings(person, name: input.name, language: input.language,
                                                                      unit: input.temperatureUnit, timeZone: input.timeZone,
                                                                      onDuty: input.onDuty))
    }

    /// Starts the window in which a director's changes need no password (`PasswordConfirmations`).
    static func confirmPassword(_ req: Request) async throws -> M.Confirmed {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.PasswordConfirmation.self)
        guard let password = input.password, !password.isEmpty else {
            throw AppError.validation([FieldError(field: "password", key: "validation.required")])
        }
        try await req.confirmPassword(password, of: person.account)
        guard let until = try await req.passwordConfirmedUntil(person.account) else { throw AppError.unauthenticated }
        return M.Confirmed(confirmedUntil: until)
    }

    static func staff(_ req: Request) async throws -> [M.StaffEntry] {
        let person = try await req.staffMember(), staff = req.shelter.staff
        let onDuty = try await staff.onDuty(by: person)
        return try await staff.list(by: person).map { M.StaffEntry($0, onDuty: onDuty) }
    }

    static func setRole(_ req: Request) async throws -> M.StaffEntry {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        let input = try req.content.decode(M.RoleChange.self)
        let account = try await req.shelter.staff.setRole(of: id, to: input.role, by: person)
        return M.StaffEntry(account, onDuty: try await req.shelter.staff.onDuty(by: person))
    }

    static func dismiss(_ req: Request) async throws -> HTTPStatus {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        _ = try await req.shelter.staff.dismiss(id, by: person)
        return .noContent
    }

    static func audit(_ req: Request) async throws -> [M.AuditEntryDTO] {
        let person = try await req.staffMember()
        let actor: UUID? = try req.query.get(String?.self, at: "actor").flatMap { text in
            guard let id = UUID(uuidString: text) else { throw AppError.badRequest(code: "bad_actor", key: "ss.error.bad_actor") }
            return id
        }
        let entries = try await req.shelter.auditTrail.entries(entityID: try req.query.get(String?.self, at: "record"), actor: actor, by: person)
        return entries.map { M.AuditEntryDTO(id: $0.id!, at: $0.at, actorId: $0.actorID, action: $0.action, entityType: $0.entityType,
                                             entityId: $0.entityID, before: $0.before, after: $0.after) }
    }
}
