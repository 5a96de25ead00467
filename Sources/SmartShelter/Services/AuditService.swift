import Fluent
import Foundation
import Kernel

/// The audit trail, for the director: every change, by record or by person.
public struct AuditService: Sendable {
    public static let pageSize = 200

    let context: ShelterContext

    public func entries(entityID: String?, actor: UUID?, by director: StaffMember) async throws -> [AuditEntry] {
        try context.authorize(director, [])
        let entity = entityID.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        return try await context.audit.entries(entityID: entity, actor: actor, limit: Self.pageSize, on: context.db)
    }
}
