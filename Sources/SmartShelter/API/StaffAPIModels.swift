import Foundation
import Kernel
import Vapor

/// The JSON shapes of the director's staff list, roles and audit trail.
extension SSModels {
    struct StaffEntry: Content {
        let id: UUID
        let name: String
        let email: String
        let role: String
        let since: Date
        /// Whether they said they are on duty (their profile's setting).
        let onDuty: Bool

        init(_ account: Account, onDuty: Set<UUID>) {
            id = account.id!
            name = account.displayName
            email = account.login
            role = account.isActive ? (ShelterRole(rawValue: account.role) ?? .pending).apiName : StaffService.dismissed
            since = account.createdAt
            self.onDuty = onDuty.contains(id)
        }
    }

    struct RoleChange: Content {
        let role: String?
    }

    struct AuditEntryDTO: Content {
        let id: UUID
        let at: Date
        let actorId: UUID?
        let action: String
        let entityType: String
        let entityId: String
        let before: String?
        let after: String?
    }
}
