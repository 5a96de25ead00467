import Fluent
import Foundation
import Kernel
import SQLKit

/// Staff tasks: anyone on the staff gives one to a person or to everyone in a role; one
/// of them accepts it (once: a conditional update, so two accepting together cannot both
/// have it), and who accepted it completes it. The director sees and may settle them all.
public struct TaskService: Sendable {
    public static let titleMaxLength = 120
    public static let notesMaxLength = 2000

    let context: ShelterContext
    var db: any Database { context.db }

    /// Tasks still to do that are for `person` (theirs or their role's, unless someone else
    /// accepted it) or that they gave; the director's list is every one. Then the last
    /// week's done ones.
    public func list(for person: StaffMember) async throws -> [StaffTask] {
        try context.authorize(person, [.doctor, .storekeeper])
        let since = context.clock.now.addingTimeInterval(-7 * 86_400)
        let tasks = try await StaffTask.query(on: db).group(.or) { $0.filter(\.$status != StaffTask.Status.done.rawValue).filter(\.$completedAt >= since) }
            .sort(\.$createdAt, .descending).limit(300).all()
        return tasks.filter { task in
            person.role == .director || task.createdBy == person.id || task.acceptedBy == person.id
                || (task.isFor(person) && (task.acceptedBy == nil || task.acceptedBy == person.id))
        }.sorted { a, b in
            if (a.taskStatus == .done) != (b.taskStatus == .done) { return b.taskStatus == .done }
            return (a.dueOn ?? "9999", a.createdAt) < (b.dueOn ?? "9999", b.createdAt)
        }
    }

    /// The staff a task may be given to, and whose names the tasks show: every active
    /// account of the shelter that has a role.
    public func assignees(for person: StaffMember) async throws -> [Account] {
        try context.authorize(person, [.doctor, .storekeeper])
        return try await Account.query(on: db).filter(\.$app == SmartShelter.id).filter(\.$deactivatedAt == nil)
            .filter(\.$role != ShelterRole.pending.rawValue).all()
    }

    /// Gives a task to a person (`assigneeID`) or a role (`role`: `director`, `doctor`,
    /// `storekeeper`), exactly one of them.
    public func create(title: String?, notes: String?, assigneeID typedAssignee: String?, role typedRole: String?, dueOn: String?,
                       by person: StaffMember) async throws -> StaffTask {
        try context.authorizeChange(person, [.doctor, .storekeeper])
        var v = Kernel.Validator()
        let title = v.text("title", title, maxLength: Self.titleMaxLength)
        let notes = v.text("notes", notes, required: false, maxLength: Self.notesMaxLength) ?? ""
        let assignee = v.id("assigneeId", typedAssignee)
        var role: ShelterRole?
        if let typedRole, !typedRole.isEmpty {
            role = ShelterRole(apiName: typedRole).flatMap { ShelterRole.assignable.contains($0) ? $0 : nil }
            if role == nil { v.add("role", "ss.validation.role") }
        }
        if assignee == nil && role == nil && !v.hasError(for: "assigneeId") && !v.hasError(for: "role") { v.add("assigneeId", "ss.validation.task_for") }
        if assignee != nil && role != nil { v.add("role", "ss.validation.task_for_one") }
        let due = v.day("dueOn", dueOn, required: false)
        try v.throwIfInvalid()
        let target = assignee?.uuidString.lowercased() ?? role?.apiName ?? ""
        if let assignee {
            guard let account = try await Account.find(assignee, on: db), account.app == SmartShelter.id, account.isActive,
                  account.role != ShelterRole.pending.rawValue else {
                throw AppError.notFound(code: "staff_not_found", key: "ss.error.staff_not_found")
            }
        }
        let task = StaffTask()
        task.title = title!
        task.notes = notes
        task.assigneeID = assignee
        task.assigneeRole = role?.rawValue
        task.dueOn = due?.description
        task.status = StaffTask.Status.open.rawValue
        task.createdBy = person.id
        task.createdAt = context.clock.now
        try await db.writeTransaction { db in
            try await task.create(on: db)
            try await context.audit.record("task.create", entityType: "task", entityID: task.requireID().uuidString.lowercased(), actor: person.id,
                                           after: ["title": task.title, "for": target, "due": task.dueOn ?? ""], on: db)
        }
        return task
    }

    /// "I'll do it": once, by someone it is for.
    public func accept(_ id: UUID, by person: StaffMember) async throws -> StaffTask {
        try context.authorizeChange(person, [.doctor, .storekeeper])
        let task = try await find(id)
        guard task.isFor(person) || person.role == .director else { throw AppError.forbidden }
        return try await transition(task, from: .open, to: .accepted, by: person, setting: [("accepted_by", SQLBind(person.id)), ("accepted_at", SQLBind(context.clock.now))])
    }

    /// Done: by who accepted it (or the director).
    public func complete(_ id: UUID, by person: StaffMember) async throws -> StaffTask {
        try context.authorizeChange(person, [.doctor, .storekeeper])
        let task = try await find(id)
        guard task.acceptedBy == person.id || person.role == .director else {
            throw task.taskStatus == .open && task.isFor(person) ? AppError.conflict(code: "task_not_accepted", key: "ss.error.task_not_accepted") : AppError.forbidden
        }
        return try await transition(task, from: .accepted, to: .done, by: person, setting: [("completed_at", SQLBind(context.clock.now))])
    }

    private func transition(_ task: StaffTask, from: StaffTask.Status, to: StaffTask.Status, by person: StaffMember,
                            setting columns: [(String, SQLBind)]) async throws -> StaffTask {
        let id = try task.requireID()
        return try await db.writeTransaction { db in
            var update = db.sql.update(StaffTask.schema).set("status", to: SQLBind(to.rawValue))
            for (column, value) in columns { update = update.set(column, to: value) }
            let changed = try await update.where("id", .equal, SQLBind(id)).where("status", .equal, SQLBind(from.rawValue)).returning("id").all()
            guard !changed.isEmpty else { throw AppError.conflict(code: "task_taken", key: "ss.error.task_taken") }
            try await context.audit.record("task.\(to.rawValue)", entityType: "task", entityID: id.uuidString.lowercased(), actor: person.id,
                                           before: ["status": from.rawValue], after: ["status": to.rawValue], on: db)
            return try await find(id, on: db)
        }
    }

    private func find(_ id: UUID, on database: (any Database)? = nil) async throws -> StaffTask {
        guard let task = try await StaffTask.find(id, on: database ?? db) else {
            throw AppError.notFound(code: "task_not_found", key: "ss.error.task_not_found")
        }
        return task
    }
}
