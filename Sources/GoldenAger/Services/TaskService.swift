import Fluent
import Foundation
import Kernel
import SQLKit

/// A task as one person may see it. Contact details are filled in only for those the
/// rules allow: the pensioner sees the volunteer after acceptance; the volunteer sees
/// the pensioner's phone and address only while the task is theirs and accepted.
public struct TaskDetails: Sendable {
    public struct Person: Sendable {
        public let id: UUID
        public let firstName: String
        public let lastName: String
        public let phone: String?
        public let address: String?
        public let organisation: String?
        /// What they are in the app: a relative or a coordinator who ordered, say.
        public let role: GARole?
        /// A volunteer with a photo the viewer may see (`VolunteerPhotoService`).
        public var hasPhoto = false
    }

    public let task: HelpTask
    public let template: TaskTemplate
    public let category: Category
    public let pensioner: Person?
    public let volunteer: Person?
    public let history: [TaskTransition]
    /// The relative who ordered it for the pensioner, shown to the pensioner and relatives.
    public let orderedBy: Person?
    /// Whether the person looking is the pensioner it is for.
    public let isMine: Bool
    /// Whether the person looking is a relative acting for its pensioner.
    public let isForMyPensioner: Bool
    /// Whether the person looking is its accepted (or former accepted) volunteer.
    public let isAssignedToMe: Bool
    /// What the pensioner asks for at the door: to the pensioner's side and the volunteer,
    /// from acceptance until the visit is over.
    public let doorCode: String?
    /// What the pensioner's side said went wrong, if they did (to them and to staff).
    public let report: TaskReport?

    /// The pensioner or one of their relatives: may change, cancel and close it.
    public var isPensionersSide: Bool { isMine || isForMyPensioner }
}

/// Everything that happens to a request for help. Each change is a conditional update
/// that the database decides, plus a history row, in one transaction; events go out
/// after it commits.
public struct TaskService: Sendable {
    let context: GoldenAgerContext
    var db: any Database { context.db }
    var publisher: EventPublisher { EventPublisher(context: context) }

    // MARK: Pensioner

    /// What an order says besides its template, as typed (`OrderPreference.parse`).
    public struct OrderDetails: Sendable {
        public var day: String?
        public var part: String?
        public var note: String?

        public init(day: String? = nil, part: String? = nil, note: String? = nil) {
            self.day = day
            self.part = part
            self.note = note
        }
    }

    /// Orders help from a template, perhaps with a preferred time and a note: a pensioner
    /// for themselves, a relative `for` a pensioner linked to them, a coordinator for a
    /// pensioner of their cities who phoned (audit-logged). A pensioner has at most one open
    /// task (a unique index decides, so a double tap creates one task).
    public func order(templateID: UUID, _ details: OrderDetails = OrderDetails(), for pensionerID: UUID? = nil, by member: Member) async throws -> HelpTask {
        try member.require(.pensioner, .relative, .coordinator, .admin)
        let profile = try await context.relatives.pensioner(for: member, pensionerID)
        var validator = Validator()
        let today = LocalDay(context.clock.now, in: context.timeZone)
        let preference = OrderPreference.parse(day: details.day, part: details.part, note: details.note, today: today, into: &validator)
        try validator.throwIfInvalid()
        guard let template = try await TaskTemplate.query(on: db).filter(\.$id == templateID).with(\.$category).first(),
              template.archivedAt == nil, !template.category.isConsultation
        else { throw AppError.notFound(code: "template_not_found", key: "ga.template.not_found") }
        try await context.catalog.requireServed(profile.city)
        let task = HelpTask(templateID: templateID, pensionerID: try profile.requireID(), city: profile.city, minutes: template.minutes, createdAt: context.clock.now)
        task.orderedBy = member.role == .pensioner ? nil : member.id
        task.preferredDate = preference.date?.description
        task.preferredPart = preference.part
        task.note = preference.note
        let now = context.clock.now
        task.expiresAt = TaskExpiry.deadline(of: task, from: now)
        task.attentionDueAt = TaskAttention.due(of: task, from: now)
        let actor = member.id
        do {
            try await db.writeTransaction { db in
                try await task.create(on: db)
                try await TaskTransition(taskID: task.requireID(), sequence: 1, action: .created, status: .searching, actorID: actor, at: now).create(on: db)
                try await GoldenAgerPush(context: context, db: db).newTask(task)
                try await context.operators.record("ordered", task: task, by: member, on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "open_task_exists", key: "ga.task.open_exists")
        }
        try await publisher.task("task.created", task, to: [GoldenAgerEvents.city(task.city), GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID)])
        return task
    }

    /// Says when the task suits the pensioner and adds a note, while it still waits for a
    /// volunteer (once one has accepted, they agreed to what they saw). Volunteers' inboxes
    /// refresh (`task.updated`).
    public func setPreference(taskID: UUID, _ details: OrderDetails, by member: Member) async throws -> HelpTask {
        try member.require(.pensioner, .relative, .coordinator, .admin)
        let pensioners = try await actedFor(by: member, task: taskID)
        var validator = Validator()
        let today = LocalDay(context.clock.now, in: context.timeZone)
        let preference = OrderPreference.parse(day: details.day, part: details.part, note: details.note, today: today, into: &validator)
        try validator.throwIfInvalid()
        // A new time restarts the wait: the deadline follows it, and a warning may come again.
        let city = try await HelpTask.find(taskID, on: db)?.city ?? ""
        let zone = City.find(city)?.timeZone ?? context.timeZone
        let deadline = TaskExpiry.deadline(preferredDate: preference.date?.description, preferredPart: preference.part, from: context.clock.now, in: zone)
        let attention = TaskAttention.due(preferredDate: preference.date?.description, preferredPart: preference.part, from: context.clock.now, in: zone)
        let changed = try await db.sql.update(HelpTask.schema)
            .set("expires_at", to: SQLBind(deadline)).set("expiry_warned_at", to: SQLLiteral.null)
            .set("attention_due_at", to: SQLBind(attention)).set("attention_at", to: SQLLiteral.null)
            .set("preferred_date", to: preference.date.map { SQLBind($0.description) as any SQLExpression } ?? SQLLiteral.null)
            .set("preferred_part", to: preference.part.map { SQLBind($0.rawValue) as any SQLExpression } ?? SQLLiteral.null)
            .set("note", to: preference.note.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
            .where("id", .equal, SQLBind(taskID)).where("pensioner_id", .in, SQLBind.group(pensioners))
            .where("status", .equal, SQLBind(TaskStatus.searching.rawValue))
            .returning("id").all()
        guard let task = try await HelpTask.find(taskID, on: db), pensioners.contains(task.pensionerID) else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        guard !changed.isEmpty else { throw AppError.conflict(code: "task_not_searching", key: "ga.order.details_closed") }
        try await context.operators.record("changed", task: task, by: member, on: db)
        try await publisher.task("task.updated", task, to: [GoldenAgerEvents.city(task.city), GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID)])
        return task
    }

    /// Cancels an open task (searching or accepted): the pensioner's own, a relative's
    /// pensioner's, or (audit-logged) a coordinator's caller's.
    public func cancel(taskID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.pensioner, .relative, .coordinator, .admin)
        let pensioners = try await actedFor(by: member, task: taskID)
        let task = try await transition(taskID, .cancelled, by: member, where: { $0.where("pensioner_id", .in, SQLBind.group(pensioners)) },
                                        set: { $0.set("closed_at", to: SQLBind(context.clock.now)) }, pensioners: pensioners,
                                        afterwards: { [context] db in
                                            if let task = try await HelpTask.find(taskID, on: db) {
                                                try await context.operators.record("cancelled", task: task, by: member, on: db)
                                            }
                                        })
        var topics = [GoldenAgerEvents.city(task.city), GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID)]
        if let volunteer = task.volunteerID { topics.append(GoldenAgerEvents.account(volunteer)) }
        try await publisher.task(task.volunteerID == nil ? "task.taken" : "task.cancelled", task, to: topics)
        return task
    }

    /// The pensioner's orders, or those of a relative's pensioners, newest first.
    public func orders(of member: Member) async throws -> [TaskDetails] {
        try member.require(.pensioner, .relative)
        let pensioners = try await context.relatives.pensionersActedFor(by: member)
        guard !pensioners.isEmpty else { return [] }
        let tasks = try await HelpTask.query(on: db).filter(\.$pensionerID ~~ pensioners)
            .sort(\.$createdAt, .descending).limit(100).all()
        return try await details(tasks, for: member)
    }

    /// A pensioner's open task, if any.
    public func openOrder(of pensionerID: UUID) async throws -> HelpTask? {
        try await openOrders(of: [pensionerID])[pensionerID]
    }

    /// Each of `pensionerIDs`' open task (at most one each), in one query.
    public func openOrders(of pensionerIDs: [UUID]) async throws -> [UUID: HelpTask] {
        guard !pensionerIDs.isEmpty else { return [:] }
        let open = try await HelpTask.query(on: db).filter(\.$pensionerID ~~ pensionerIDs)
            .filter(\.$status ~~ [.searching, .accepted]).all()
        return Dictionary(open.map { ($0.pensionerID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Volunteer

    /// Accepts a task offered in one's city. Only an approved volunteer who is online may:
    /// the update itself checks their profile, so going offline at the same moment cannot
    /// slip through. Of any number of concurrent accepts exactly one changes the row; a
    /// volunteer holding another accepted task is stopped by a unique index.
    public func accept(taskID: UUID, by member: Member) async throws -> HelpTask {
        try member.require(.volunteer)
        let profile = try member.requireProfile()
        try Self.requireMayAccept(profile)
        let now = context.clock.now
        let volunteer = member.id
        do {
            let task = try await transition(taskID, .accepted, by: member,
                                            where: { update in
                                                update.where("city", .equal, profile.city).where(Self.readyVolunteer(volunteer))
                                            },
                                            set: { $0.set("volunteer_id", to: SQLBind(member.id)).set("accepted_at", to: SQLBind(now))
                                                .set("door_code", to: SQLBind(TaskClosing.newDoorCode())) },
                                            lost: { existing in
                                                // Someone else's task, or gone: tell the loser plainly.
                                                existing.city == profile.city ? AppError.conflict(code: "task_taken", key: "ga.task.taken") : nil
                                            },
                                            push: { [context] task, db in try await GoldenAgerPush(context: context, db: db).accepted(task, by: member) })
            try await publisher.task("task.taken", task, to: [GoldenAgerEvents.city(task.city)])
            try await publisher.task("task.accepted", task, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID), GoldenAgerEvents.account(member.id)])
            return task
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "volunteer_busy", key: "ga.task.volunteer_busy")
        }
    }

    /// A pending volunteer, or one who is offline, may not accept (403, each with its reason).
    static func requireMayAccept(_ profile: Profile) throws {
        if profile.isPendingApproval { throw ProfileService.pendingApproval }
        if !profile.isOnline { throw Self.volunteerOffline }
    }

    static let volunteerOffline = AppError(.forbidden, code: "volunteer_offline", key: "ga.volunteer.offline")

    /// True while `volunteer` is approved and online: the accept's own check, decided with
    /// the update so it cannot race a "go offline".
    private static func readyVolunteer(_ volunteer: UUID) -> SQLQueryString {
        """
        EXISTS (SELECT 1 FROM \(ident: Profile.schema) p WHERE p.account_id = \(bind: volunteer) \
        AND p.is_online AND p.approved_at IS NOT NULL)
        """
    }

    /// Takes a task out of one's inbox; it stays open for others. Saying no twice is fine.
    public func decline(taskID: UUID, by member: Member) async throws {
        try member.require(.volunteer)
        let profile = try member.requireProfile()
        guard let task = try await HelpTask.find(taskID, on: db), task.city == profile.city else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        guard task.status == .searching else { throw AppError.conflict(code: "task_taken", key: "ga.task.taken") }
        let now = context.clock.now
        let volunteer = member.id
        let added: Bool
        do {
            added = try await db.writeTransaction { db -> Bool in
                // Lock the task's row while it is still open, as every transition does, so the
                // history is written one step at a time.
                let open = try await db.sql.update(HelpTask.schema)
                    .set("status", to: SQLColumn("status"))
                    .where("id", .equal, SQLBind(taskID)).where("status", .equal, SQLBind(TaskStatus.searching.rawValue))
                    .returning("id").all()
                guard !open.isEmpty else { throw AppError.conflict(code: "task_taken", key: "ga.task.taken") }
                if try await TaskDecline.query(on: db).filter(\.$taskID == taskID).filter(\.$volunteerID == volunteer).count() > 0 {
                    return false
                }
                try await TaskDecline(taskID: taskID, volunteerID: volunteer, at: now).create(on: db)
                try await TaskTransition(taskID: taskID, sequence: try await Self.nextStep(of: taskID, on: db), action: .declined,
                                         status: .searching, actorID: volunteer, at: now).create(on: db)
                return true
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            added = false  // a second tap raced the first: declined once is declined
        }
        if added { try await publisher.task("task.declined", task, to: [GoldenAgerEvents.account(member.id)]) }
    }

    /// Gives an accepted task back with a reason: it is offered again (not to this
    /// volunteer) and the pensioner is told why.
    public func withdraw(taskID: UUID, reason: String?, by member: Member) async throws -> HelpTask {
        try member.require(.volunteer)
        var validator = Validator()
        let reason = validator.text("reason", reason, maxLength: 500)
        try validator.throwIfInvalid()
        let volunteer = member.id
        let now = context.clock.now
        let task = try await transition(taskID, .withdrawn, by: member, reason: reason,
                                        where: { $0.where("volunteer_id", .equal, volunteer) },
                                        set: { $0.set("volunteer_id", to: SQLLiteral.null).set("accepted_at", to: SQLLiteral.null)
                                            .set("arrived_at", to: SQLLiteral.null).set("door_code", to: SQLLiteral.null) },
                                        afterwards: { db in
                                            try await TaskDecline(taskID: taskID, volunteerID: volunteer, at: now).create(on: db)
                                            // Searching again: at least the minimum wait from now, and a new warning if need be.
                                            guard let back = try await HelpTask.find(taskID, on: db) else { return }
                                            let deadline = max(back.expiresAt ?? .distantPast, now.addingTimeInterval(TaskExpiry.minimumWait))
                                            try await db.sql.update(HelpTask.schema).set("expires_at", to: SQLBind(deadline))
                                                .set("expiry_warned_at", to: SQLLiteral.null)
                                                .set("attention_due_at", to: SQLBind(TaskAttention.due(of: back, from: now)))
                                                .set("attention_at", to: SQLLiteral.null)
                                                .where("id", .equal, SQLBind(taskID)).run()
                                        },
                                        push: { [context] task, db in try await GoldenAgerPush(context: context, db: db).withdrawn(task, reason: reason) })
        try await publisher.task("task.created", task, reason: nil, to: [GoldenAgerEvents.city(task.city)])
        try await publisher.task("task.withdrawn", task, reason: reason, to: [GoldenAgerEvents.board, GoldenAgerEvents.account(task.pensionerID), GoldenAgerEvents.account(volunteer)])
        return task
    }

    /// Open tasks of the volunteer's city they have not declined, oldest first — empty
    /// while they are offline.
    public func inbox(of member: Member, limit: Int = 100) async throws -> [TaskDetails] {
        try member.require(.volunteer)
        let profile = try member.requireProfile()
        guard profile.isOnline else { return [] }
        // One query, read by hand: this is the page volunteers keep open.
        let tasks = try await db.sql.raw("""
            SELECT * FROM \(ident: HelpTask.schema) t
            WHERE t.city = \(bind: profile.city) AND t.status = \(bind: TaskStatus.searching.rawValue)
              AND NOT EXISTS (SELECT 1 FROM \(ident: TaskDecline.schema) d WHERE d.task_id = t.id AND d.volunteer_id = \(bind: member.id))
            ORDER BY t.created_at LIMIT \(literal: limit)
            """).all().map { try HelpTask.decode($0) }
        return try await details(tasks, for: member)
    }

    /// The task the volunteer holds now, with its template.
    public func currentAssignment(of member: Member) async throws -> HelpTask? {
        try await HelpTask.query(on: db).filter(\.$volunteerID == member.id).filter(\.$status == .accepted)
            .with(\.$template).first()
    }

    /// The tasks the volunteer took: the current one first, then the finished ones.
    public func assignments(of member: Member) async throws -> [TaskDetails] {
        try member.require(.volunteer)
        let tasks = try await HelpTask.query(on: db).filter(\.$volunteerID == member.id)
            .sort(\.$acceptedAt, .descending).limit(200).all()
        let ordered = tasks.filter { $0.status == .accepted } + tasks.filter { $0.status != .accepted }
        return try await details(ordered, for: member)
    }

    // MARK: Reading one task

    /// One task, if this person may see it; otherwise "not found" — whether it exists
    /// is nobody else's business.
    public func task(_ taskID: UUID, for member: Member) async throws -> TaskDetails {
        guard let task = try await HelpTask.find(taskID, on: db), try await mayView(task, member) else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        return try await details([task], for: member, withHistory: true)[0]
    }

    func mayView(_ task: HelpTask, _ member: Member) async throws -> Bool {
        switch member.role {
        case .pensioner: return task.pensionerID == member.id
        case .relative: return try await RelativeService.isLinked(relative: member.id, pensioner: task.pensionerID, on: db)
        case .volunteer:
            if task.volunteerID == member.id { return true }
            // Offered tasks are for the volunteers their organisation has checked.
            guard let profile = member.profile, !profile.isPendingApproval else { return false }
            return task.status == .searching && task.city == profile.city
        case .coordinator, .admin: return true
        case nil: return false
        }
    }

    // MARK: The server

    /// Tells the pensioner (and their relatives) of each task still searching within
    /// `TaskExpiry.warning` of its deadline, once per wait. Run by housekeeping.
    public func warnOfExpiry() async throws {
        let now = context.clock.now
        let due = try await HelpTask.query(on: db).filter(\.$status == .searching).filter(\.$expiryWarnedAt == nil)
            .filter(\.$expiresAt <= now.addingTimeInterval(TaskExpiry.warning)).filter(\.$expiresAt > now).limit(500).all()
        for task in due {
            guard let deadline = task.expiresAt else { continue }
            let taskID = try task.requireID()
            try await db.writeTransaction { [context] db in
                // Claimed by a conditional update: two servers never warn twice.
                let claimed = try await db.sql.update(HelpTask.schema).set("expiry_warned_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(taskID)).where("expiry_warned_at", .is, SQLLiteral.null)
                    .where("status", .equal, SQLBind(TaskStatus.searching.rawValue)).returning("id").all()
                guard !claimed.isEmpty else { return }
                try await GoldenAgerPush(context: context, db: db).expiring(task, at: deadline)
            }
        }
    }

    /// Cancels each task still searching at its deadline (`TaskAction.expired`, by no one),
    /// and tells the pensioner's side and the city's volunteers. Run by housekeeping.
    public func expireOverdue() async throws {
        let now = context.clock.now
        let overdue = try await HelpTask.query(on: db).filter(\.$status == .searching).filter(\.$expiresAt <= now).limit(500).all(\.$id)
        for taskID in overdue {
            let expired = try await db.writeTransaction { [context] db -> Bool in
                let rows = try await db.sql.update(HelpTask.schema)
                    .set("status", to: SQLBind(TaskStatus.cancelled.rawValue)).set("closed_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(taskID)).where("status", .equal, SQLBind(TaskStatus.searching.rawValue))
                    .where("expires_at", .lessThanOrEqual, SQLBind(now)).returning("id").all()
                guard !rows.isEmpty else { return false }
                try await TaskTransition(taskID: taskID, sequence: try await Self.nextStep(of: taskID, on: db), action: .expired,
                                         status: .cancelled, actorID: nil, at: now).create(on: db)
                if let task = try await HelpTask.find(taskID, on: db) {
                    try await GoldenAgerPush(context: context, db: db).expired(task)
                }
                return true
            }
            guard expired, let task = try await HelpTask.find(taskID, on: db) else { continue }
            try await publisher.task("task.taken", task, to: [GoldenAgerEvents.city(task.city), GoldenAgerEvents.board])
            try await publisher.task("task.cancelled", task, to: [GoldenAgerEvents.account(task.pensionerID)])
        }
    }

    // MARK: Internals

    /// The pensioners whose tasks `member` acts on; a relative linked to nobody has no
    /// task to act on. A coordinator acts on `task`'s pensioner when they serve their city.
    func actedFor(by member: Member, task taskID: UUID? = nil) async throws -> [UUID] {
        if member.role == .coordinator || member.role == .admin {
            guard let taskID, let task = try await HelpTask.find(taskID, on: db),
                  let pensioner = try? await context.operators.pensioner(task.pensionerID, for: member)
            else { throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found") }
            return [try pensioner.requireID()]
        }
        let pensioners = try await context.relatives.pensionersActedFor(by: member)
        guard !pensioners.isEmpty else { throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found") }
        return pensioners
    }

    /// Runs one transition as a conditional update: the row changes only if its status
    /// allows `action` and `condition` holds. When nothing changed, explains why with a
    /// 404 (not theirs) or a 409 (no longer possible).
    func transition(
        _ taskID: UUID, _ action: TaskAction, by member: Member, reason: String? = nil,
        where condition: @escaping @Sendable (SQLUpdateBuilder) -> SQLUpdateBuilder,
        set changes: @escaping @Sendable (SQLUpdateBuilder) -> SQLUpdateBuilder,
        pensioners: [UUID] = [],
        lost: @escaping @Sendable (HelpTask) -> AppError? = { _ in nil },
        afterwards: @escaping @Sendable (any Database) async throws -> Void = { _ in },
        push: (@Sendable (HelpTask, any Database) async throws -> Void)? = nil
    ) async throws -> HelpTask {
        let from = action.allowedFrom.map(\.rawValue)
        guard let next = action.allowedFrom.first.flatMap(action.next(from:)) else { throw AppError.forbidden }
        let now = context.clock.now
        let actor = member.id
        let changed = try await db.writeTransaction { db -> Bool in
            let sql = db.sql
            let update = sql.update(HelpTask.schema)
                .set("status", to: SQLBind(next.rawValue))
                .where("id", .equal, SQLBind(taskID))
                .where("status", .in, SQLBind.group(from))
            let rows = try await condition(changes(update)).returning("id").all()
            guard !rows.isEmpty else { return false }
            try await TaskTransition(taskID: taskID, sequence: try await Self.nextStep(of: taskID, on: db), action: action,
                                     status: next, actorID: actor, reason: reason, at: now).create(on: db)
            try await afterwards(db)
            // The news for closed pages, queued with the change (GoldenAgerPush).
            if let push, let task = try await HelpTask.find(taskID, on: db) { try await push(task, db) }
            return true
        }
        guard let task = try await HelpTask.find(taskID, on: db) else {
            throw AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        }
        if changed { return task }
        throw try await refusal(for: task, action: action, member: member, pensioners: pensioners, lost: lost)
    }

    /// The next step number of a task's history. Safe because the caller holds the task's
    /// row lock (PostgreSQL) or the write lock (SQLite).
    static func nextStep(of taskID: UUID, on db: any Database) async throws -> Int {
        (try await TaskTransition.query(on: db).filter(\.$taskID == taskID).max(\.$sequence) ?? 0) + 1
    }

    /// Why a transition did not happen, without telling a stranger that the task exists.
    /// `pensioners`: those the member acts for (cancel and done).
    private func refusal(for task: HelpTask, action: TaskAction, member: Member, pensioners: [UUID], lost: (HelpTask) -> AppError?) async throws -> AppError {
        let notFound = AppError.notFound(code: "task_not_found", key: "ga.task.not_found")
        switch action {
        case .accepted:
            // The volunteer may have gone offline (or been set back to pending) meanwhile.
            if let profile = try await Profile.find(member.id, on: db) { try Self.requireMayAccept(profile) }
            return lost(task) ?? notFound
        case .withdrawn:
            // Only the volunteer who holds (or held) it learns that it moved on.
            let held = try await TaskTransition.query(on: db).filter(\.$taskID == task.requireID())
                .filter(\.$actorID == member.id).filter(\.$action == .accepted).count() > 0
            return held ? AppError.conflict(code: "task_closed", key: "ga.task.closed") : notFound
        case .cancelled, .done:
            guard pensioners.contains(task.pensionerID) else { return notFound }
            if action == .done, task.status == .searching {
                return AppError.conflict(code: "task_not_accepted", key: "ga.task.not_accepted")
            }
            return AppError.conflict(code: "task_closed", key: "ga.task.closed")
        case .arrived, .finished:
            guard task.volunteerID == member.id else { return notFound }
            if task.status == .accepted, action == .arrived { return AppError.conflict(code: "already_arrived", key: "ga.task.already_arrived") }
            if task.status == .accepted, action == .finished { return AppError.conflict(code: "not_arrived", key: "ga.task.not_arrived") }
            return AppError.conflict(code: "task_closed", key: "ga.task.closed")
        case .offered:
            return lost(task) ?? notFound
        case .created, .declined, .expired, .confirmed:
            return notFound
        }
    }

    /// Fills in templates, categories and the people each viewer may see, with one
    /// query per kind rather than per task.
    func details(_ tasks: [HelpTask], for member: Member, withHistory: Bool = false) async throws -> [TaskDetails] {
        guard !tasks.isEmpty else { return [] }
        let templatesByID = try await TaskTemplate.withCategories(tasks.map { $0.$template.id }, on: db)
        // Only the people this viewer may see anything of (none, for a volunteer's inbox).
        let isStaff = member.role == .coordinator || member.role == .admin
        let myPensioners = member.role == .relative ? Set(try await RelativeService.pensionerIDs(of: member.id, on: db)) : []
        let peopleIDs = Set(tasks.flatMap { task -> [UUID] in
            guard isStaff || task.pensionerID == member.id || task.volunteerID == member.id || myPensioners.contains(task.pensionerID) else { return [] }
            return [task.pensionerID] + [task.volunteerID, task.orderedBy].compactMap { $0 }
        })
        let profiles = peopleIDs.isEmpty ? [] : try await db.sql.select().column("*").from(Profile.schema)
            .where("account_id", .in, SQLBind.group(Array(peopleIDs))).all().map { try Profile.decode($0) }
        let profilesByID = Dictionary(uniqueKeysWithValues: profiles.compactMap { p in p.id.map { ($0, p) } })
        let organisationIDs = Set(profiles.compactMap { $0.$organisation.id })
        let withPhotos = try await context.photos.withPhotos(Set(tasks.compactMap(\.volunteerID)).intersection(peopleIDs))
        let organisations = organisationIDs.isEmpty ? [] : try await Organisation.query(on: db).filter(\.$id ~~ organisationIDs).all()
        let organisationNames = Dictionary(uniqueKeysWithValues: organisations.compactMap { o in o.id.map { ($0, o.name) } })
        var history: [UUID: [TaskTransition]] = [:]
        var reports: [UUID: TaskReport] = [:]
        let closedIDs = tasks.filter { $0.status == .done }.compactMap(\.id)
        if member.role != .volunteer, !closedIDs.isEmpty {
            reports = Dictionary(try await TaskReport.query(on: db).filter(\.$taskID ~~ closedIDs).all().map { ($0.taskID, $0) },
                                 uniquingKeysWith: { first, _ in first })
        }
        if withHistory {
            let rows = try await TaskTransition.query(on: db).filter(\.$taskID ~~ Set(tasks.compactMap(\.id))).sort(\.$sequence).all()
            history = Dictionary(grouping: rows, by: \.taskID)
        }
        return tasks.compactMap { task in
            guard let template = templatesByID[task.$template.id] else { return nil }
            let isMine = task.pensionerID == member.id
            let isForMyPensioner = myPensioners.contains(task.pensionerID)
            let isAssigned = task.volunteerID == member.id
            // The pensioner's contact: to their volunteer while the task is accepted.
            let pensioner = profilesByID[task.pensionerID].flatMap { p -> TaskDetails.Person? in
                if isMine || isForMyPensioner { return person(p, phone: true, address: true, organisations: organisationNames) }
                if isAssigned && task.status == .accepted { return person(p, phone: true, address: true, organisations: organisationNames) }
                if isAssigned || isStaff { return person(p, phone: false, address: false, organisations: organisationNames) }
                return nil
            }
            let volunteer = task.volunteerID.flatMap { profilesByID[$0] }.flatMap { v -> TaskDetails.Person? in
                let pensionersSide = isMine || isForMyPensioner
                guard pensionersSide || isAssigned || isStaff else { return nil }
                var shown = person(v, phone: pensionersSide ? task.status != .searching && task.status != .cancelled : true, address: false, organisations: organisationNames)
                // The door check: the pensioner's side sees who is coming (and the volunteer themselves).
                shown.hasPhoto = withPhotos.contains(v.id!) && (pensionersSide || isAssigned) && task.status != .cancelled
                return shown
            }
            // Who ordered for the pensioner: the pensioner's side and staff see it.
            let orderedBy = task.orderedBy.flatMap { profilesByID[$0] }.flatMap { r -> TaskDetails.Person? in
                isMine || isForMyPensioner || isStaff ? person(r, phone: isMine || isStaff, address: false, organisations: organisationNames) : nil
            }
            let visitUnderWay = task.status == .accepted || task.status == .finished
            let doorCode = visitUnderWay && (isMine || isForMyPensioner || isAssigned) ? task.doorCode : nil
            let report = isMine || isForMyPensioner || isStaff ? task.id.flatMap { reports[$0] } : nil
            return TaskDetails(task: task, template: template, category: template.category, pensioner: pensioner, volunteer: volunteer,
                               history: history[task.id ?? UUID()] ?? [], orderedBy: orderedBy, isMine: isMine,
                               isForMyPensioner: isForMyPensioner, isAssignedToMe: isAssigned, doorCode: doorCode, report: report)
        }
    }

    private func person(_ profile: Profile, phone: Bool, address: Bool, organisations: [UUID: String]) -> TaskDetails.Person {
        TaskDetails.Person(id: profile.id!, firstName: profile.firstName, lastName: profile.lastName,
                           phone: phone ? profile.phone : nil, address: address ? profile.address : nil,
                           organisation: profile.$organisation.id.flatMap { organisations[$0] }, role: profile.gaRole)
    }
}
