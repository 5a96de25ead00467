import Fluent
import Foundation
import Kernel
import SQLKit

/// How a visit ends: the volunteer marks «Я на місці» and «Виконано», the pensioner's side
/// confirms («Усе добре») or says what went wrong, and a task nobody confirms confirms
/// itself after `TaskClosing.confirmationWindow`. Credited time runs from arrival to
/// finish (`HoursRules.credit`).
extension TaskService {
    // MARK: Volunteer

    /// «Я на місці»: the accepted volunteer is at the door; credited time starts now.
    public func arrive(taskID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.volunteer)
        let volunteer = member.id
        let now = context.clock.now
        let task = try await transition(taskID, .arrived, by: member,
                                        where: { $0.where("volunteer_id", .equal, volunteer).where(SQLIdentifier("arrived_at"), .is, SQLLiteral.null) },
                                        set: { $0.set("arrived_at", to: SQLBind(now)) },
                                        push: { [context] task, db in try await GoldenAgerPush(context: context, db: db).arrived(task) })
        try await publisher.task("task.arrived", task, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID), GoldenAgerEvents.account(volunteer)])
        return task
    }

    /// «Виконано»: the volunteer says the help is given. Credited time stops now; the
    /// volunteer may take the next task; the pensioner's side is asked to confirm.
    public func finish(taskID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.volunteer)
        let volunteer = member.id
        let now = context.clock.now
        let task = try await transition(taskID, .finished, by: member,
                                        where: { $0.where("volunteer_id", .equal, volunteer).where(SQLIdentifier("arrived_at"), .isNot, SQLLiteral.null) },
                                        set: { $0.set("finished_at", to: SQLBind(now)) },
                                        afterwards: { db in try await Self.credit(taskID, until: now, on: db) },
                                        push: { [context] task, db in try await GoldenAgerPush(context: context, db: db).finished(task) })
        try await publisher.task("task.finished", task, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID), GoldenAgerEvents.account(volunteer)])
        return task
    }

    // MARK: The pensioner's side

    /// «Усе добре»: the pensioner (or a relative) confirms the visit, after the volunteer's
    /// «Виконано» or — when the volunteer marked nothing — instead of it; then the credit
    /// runs from arrival (or acceptance) to now.
    public func complete(taskID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.pensioner, .relative)
        let pensioners = try await actedFor(by: member)
        let now = context.clock.now
        let task = try await transition(taskID, .done, by: member, where: { $0.where("pensioner_id", .in, SQLBind.group(pensioners)) },
                                        set: { $0.set("closed_at", to: SQLBind(now)) }, pensioners: pensioners,
                                        afterwards: { db in try await Self.credit(taskID, until: now, on: db) })
        try await publishDone(task)
        return task
    }

    /// «Щось не так»: the pensioner's side tells the coordinators of the volunteer's
    /// organisation what went wrong (pushed to them, audit-logged), once per visit. A visit
    /// still awaiting confirmation is closed by it (the hours stay for a coordinator to
    /// correct). With `suspend`, the volunteer can take no task until a coordinator approves
    /// them again.
    public func report(taskID: UUID, text: String?, suspend: Bool, by member: Member) async throws -> TaskReport {
        try member.require(.pensioner, .relative)
        let pensioners = try await actedFor(by: member)
        var validator = Validator()
        let text = validator.text("text", text, maxLength: TaskClosing.reportMaxLength)
        try validator.throwIfInvalid()
        guard let task = try await HelpTask.find(taskID, on: db), pensioners.contains(task.pensionerID) else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        guard let volunteerID = task.volunteerID, task.status == .finished || task.status == .done else {
            throw AppError.conflict(code: "task_not_visited", key: "ga.report.not_visited")
        }
        if task.status == .finished { _ = try await confirmingForReport(taskID, by: member, pensioners: pensioners) }
        let report = TaskReport(taskID: taskID, volunteerID: volunteerID, reportedBy: member.id, text: text ?? "", suspended: suspend,
                                createdAt: context.clock.now)
        let context = context
        do {
            try await db.writeTransaction { db in
                try await report.create(on: db)
                if suspend { try await ProfileService.suspend(volunteerID, at: context.clock.now, on: db) }
                try await context.audit.record(suspend ? "volunteer.reported_suspended" : "volunteer.reported", entityType: "task",
                                               entityID: taskID.uuidString, actor: member.id, after: report.text, on: db)
                try await GoldenAgerPush(context: context, db: db).reported(task, volunteer: volunteerID, suspended: suspend)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "already_reported", key: "ga.report.already")
        }
        try await publisher.task("task.reported", task, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID)])
        if suspend {
            try await publisher.volunteer("volunteer.offline", id: volunteerID, city: task.city)
        }
        return report
    }

    /// Closes a finished visit before its report is written: someone may confirm at the
    /// same moment, which is as good.
    private func confirmingForReport(_ taskID: UUID, by member: Member, pensioners: [UUID]) async throws -> HelpTask? {
        do {
            let task = try await transition(taskID, .done, by: member, reason: "report",
                                            where: { $0.where("pensioner_id", .in, SQLBind.group(pensioners)) },
                                            set: { [context] in $0.set("closed_at", to: SQLBind(context.clock.now)) }, pensioners: pensioners)
            try await publishDone(task)
            return task
        } catch let error as AppError where error.code == "task_closed" {
            return nil
        }
    }

    // MARK: The server

    /// Confirms each visit its volunteer finished more than `TaskClosing.confirmationWindow`
    /// ago that nobody on the pensioner's side answered (`TaskAction.confirmed`). Run by
    /// housekeeping; a conditional update decides, so a confirmation at the same moment wins
    /// or loses cleanly.
    public func confirmOverdue() async throws {
        let now = context.clock.now
        let cutoff = now.addingTimeInterval(-TaskClosing.confirmationWindow)
        let overdue = try await HelpTask.query(on: db).filter(\.$status == .finished).filter(\.$finishedAt <= cutoff).limit(500).all(\.$id)
        for taskID in overdue {
            let confirmed = try await db.writeTransaction { db -> Bool in
                let rows = try await db.sql.update(HelpTask.schema)
                    .set("status", to: SQLBind(TaskStatus.done.rawValue)).set("closed_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(taskID)).where("status", .equal, SQLBind(TaskStatus.finished.rawValue))
                    .returning("id").all()
                guard !rows.isEmpty else { return false }
                try await TaskTransition(taskID: taskID, sequence: try await Self.nextStep(of: taskID, on: db), action: .confirmed,
                                         status: .done, actorID: nil, at: now).create(on: db)
                return true
            }
            if confirmed, let task = try await HelpTask.find(taskID, on: db) { try await publishDone(task) }
        }
    }

    // MARK: Internals

    /// Sets the credit of a visit ending at `end`, unless its volunteer's «Виконано» already
    /// did. Runs in the closing transaction: the row is that transaction's now.
    static func credit(_ taskID: UUID, until end: Date, on db: any Database) async throws {
        guard let task = try await HelpTask.find(taskID, on: db), task.creditedMinutes == nil,
              let start = task.arrivedAt ?? task.acceptedAt else { return }
        let credit = HoursRules.credit(from: start, to: task.finishedAt ?? end, expected: task.minutes)
        try await db.sql.update(HelpTask.schema).set("credited_minutes", to: SQLBind(credit)).where("id", .equal, SQLBind(taskID)).run()
    }

    private func publishDone(_ task: HelpTask) async throws {
        var topics = [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID)]
        if let volunteer = task.volunteerID { topics.append(GoldenAgerEvents.account(volunteer)) }
        try await publisher.task("task.done", task, to: topics)
    }
}
