import Fluent
import Foundation
import Kernel
import SQLKit

/// Nobody left waiting: an order nobody has taken by its attention time
/// (`TaskAttention`) is shown first on the coordinators' board and pushed to the
/// coordinators of the organisations serving its city, and a coordinator can ask one of
/// their volunteers by name to take it.
extension TaskService {
    /// Tells the coordinators serving each task's city, once per wait, that it needs
    /// attention. Run by housekeeping; claimed by a conditional update, so two servers
    /// never tell twice.
    public func flagNeedingAttention() async throws {
        let now = context.clock.now
        let due = try await HelpTask.query(on: db).filter(\.$status == .searching).filter(\.$attentionAt == nil)
            .filter(\.$attentionDueAt <= now).limit(500).all()
        for task in due {
            let taskID = try task.requireID()
            let flagged = try await db.writeTransaction { [context] db -> Bool in
                let claimed = try await db.sql.update(HelpTask.schema).set("attention_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(taskID)).where(SQLIdentifier("attention_at"), .is, SQLLiteral.null)
                    .where("status", .equal, SQLBind(TaskStatus.searching.rawValue)).returning("id").all()
                guard !claimed.isEmpty else { return false }
                try await GoldenAgerPush(context: context, db: db).needsAttention(task)
                return true
            }
            if flagged { try await publisher.task("task.attention", task, to: [GoldenAgerEvents.board]) }
        }
    }

    /// A coordinator asks `volunteerID`, an approved volunteer of their organisation in the
    /// task's city, to take a task still searching (an administrator, any such volunteer).
    /// The task stays open to all; the volunteer is pushed and sees it first. If a
    /// volunteer accepts at the same moment, the database decides: the offer comes after
    /// and is refused (409), or comes first and the accept still wins the task.
    public func offer(taskID: UUID, to volunteerID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.coordinator, .admin)
        guard let task = try await HelpTask.find(taskID, on: db) else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        let volunteer = try await offerableVolunteer(volunteerID, city: task.city, by: member)
        let now = context.clock.now
        let offered = try await transition(taskID, .offered, by: member, reason: volunteer.fullName,
                                           where: { $0 }, set: { $0.set("offered_to", to: SQLBind(volunteerID)).set("offered_at", to: SQLBind(now)) },
                                           lost: { _ in AppError.conflict(code: "task_taken", key: "ga.task.taken") },
                                           afterwards: { [context] db in
                                               try await context.audit.record("task.offered", entityType: "task", entityID: taskID.uuidString,
                                                                              actor: member.id, after: volunteerID.uuidString, on: db)
                                           },
                                           push: { [context] task, db in try await GoldenAgerPush(context: context, db: db).offered(task, to: volunteerID) })
        try await publisher.task("task.offered", offered, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(volunteerID)])
        return offered
    }

    /// The volunteers `member` may offer a task of `city` to: approved, of their organisation
    /// (any, for an administrator), living in the city; those online first.
    public func offerableVolunteers(in city: String, for member: Member) async throws -> [Profile] {
        try member.require(.coordinator, .admin)
        var query = Profile.query(on: db).filter(\.$role == GARole.volunteer.rawValue).filter(\.$city == city).filter(\.$approvedAt != nil)
        if member.role == .coordinator {
            guard let organisation = member.profile?.$organisation.id else { return [] }
            query = query.filter(\.$organisation.$id == organisation)
        }
        return try await query.limit(200).all().sorted { ($0.isOnline ? 0 : 1, $0.fullName) < ($1.isOnline ? 0 : 1, $1.fullName) }
    }

    private func offerableVolunteer(_ id: UUID, city: String, by member: Member) async throws -> Profile {
        guard let volunteer = try await offerableVolunteers(in: city, for: member).first(where: { $0.id == id }) else {
            throw AppError.validation([FieldError(field: "volunteerId", key: "ga.offer.volunteer_unknown")])
        }
        return volunteer
    }
}
