import Fluent
import Foundation

/// One change: who did what to which record, when, and the record before and after.
public final class AuditEntry: Model, @unchecked Sendable {
    public static let schema = "kernel_audit_log"

    @ID(key: .id) public var id: UUID?
    @Field(key: "app") public var app: String
    @OptionalField(key: "actor_id") public var actorID: UUID?
    /// What was done, e.g. `task.accept`.
    @Field(key: "action") public var action: String
    @Field(key: "entity_type") public var entityType: String
    @Field(key: "entity_id") public var entityID: String
    /// JSON of the record before the change (`nil` when created).
    @OptionalField(key: "before") public var before: String?
    /// JSON of the record after the change (`nil` when deleted).
    @OptionalField(key: "after") public var after: String?
    @Field(key: "at") public var at: Date

    public init() {}
}
