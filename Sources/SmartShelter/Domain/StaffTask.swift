import Fluent
import Foundation

/// Work one member of the staff gives another (or everyone in a role): open until someone
/// it is for accepts it, then done when they complete it.
public final class StaffTask: Model, @unchecked Sendable {
    public static let schema = "ss_tasks"

    public enum Status: String, Sendable, CaseIterable, Codable {
        case open, accepted, done
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "title") public var title: String
    @Field(key: "notes") public var notes: String
    /// For one person…
    @OptionalField(key: "assignee_id") public var assigneeID: UUID?
    /// …or for anyone in a role (the kernel's role name).
    @OptionalField(key: "assignee_role") public var assigneeRole: String?
    @OptionalField(key: "due_on") public var dueOn: String?
    @Field(key: "status") public var status: String
    @Field(key: "created_by") public var createdBy: UUID
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "accepted_by") public var acceptedBy: UUID?
    @OptionalField(key: "accepted_at") public var acceptedAt: Date?
    @OptionalField(key: "completed_at") public var completedAt: Date?

    public init() {}

    public var taskStatus: Status { Status(rawValue: status) ?? .open }

    /// Whether `person` is whom the task is for.
    func isFor(_ person: StaffMember) -> Bool {
        assigneeID == person.id || assigneeRole == person.role.rawValue
    }
}
