import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import SQLKit

/// What a person types for an activity; nil fields are missing (and named as such).
public struct ActivityDraft: Sendable {
    public var categoryID: UUID?
    public var details: String?
    public var startsAt: Date?
    public var endsAt: Date?
    public var reminders: [ReminderTiming]

    public init(categoryID: UUID?, details: String?, startsAt: Date?, endsAt: Date?, reminders: [ReminderTiming] = []) {
        self.categoryID = categoryID
        self.details = details
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.reminders = reminders
    }
}

/// An activity with its reminders and category, as every view shows it.
public struct ActivityView: Sendable {
    public let activity: RestActivity
    public let category: RestCategory
    public let reminders: [Reminder]
}

/// An activity just saved, and the person's other activities it overlaps: shown as a
/// warning, the person decides.
public struct SavedActivity: Sendable {
    public let view: ActivityView
    public let overlaps: [ActivityView]
}

/// Planning, changing, completing, rating and deleting (with undo) rest activities.
/// Every call names the person: nobody reaches another person's activity, whose id is
/// answered like an unknown one (404).
public struct ActivityService: Sendable {
    public static let detailsMaxLength = 500
    public static let noteMaxLength = 500
    public static let maxReminders = 5
    public static let longest: TimeInterval = 24 * 3600
    /// A calendar range asked for at once (a month view with its edges fits).
    public static let longestRange: TimeInterval = 62 * 86_400
    static let earliest = Date(timeIntervalSince1970: 946_684_800)   // 2000-01-01
    static let latest = Date(timeIntervalSince1970: 4_102_444_800)   // 2100-01-01

    let context: FuctivityContext
    var db: any Database { context.db }

    // MARK: Reading

    /// The person's activities that touch [from, to), deleted ones aside, by start.
    public func list(for planner: Planner, from: Date, to: Date) async throws -> [ActivityView] {
        guard to > from, to.timeIntervalSince(from) <= Self.longestRange else {
            throw AppError.validation([FieldError(field: "to", key: "fx.validation.range", arguments: ["days": "62"])])
        }
        let activities = try await Self.touching(DateInterval(start: from, end: to), of: planner.id, on: db)
        return try await views(of: activities)
    }

    public func view(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        try await views(of: [try await own(id, for: planner)])[0]
    }

    // MARK: Changing

    public func create(_ draft: ActivityDraft, for planner: Planner) async throws -> SavedActivity {
        let fields = try await validate(draft, for: planner)
        let now = context.clock.now
        let activity = RestActivity()
        activity.id = UUID.timeOrdered(at: now)
        activity.ownerID = planner.id
        activity.status = .planned
        activity.createdAt = now
        apply(fields, to: activity, at: now)
        let reminders = fields.reminders.map { Reminder(activityID: activity.id!, ownerID: planner.id, timing: $0, start: activity.startsAt) }
        try await db.writeTransaction { db in
            try await Self.insert(activity, on: db)
            try await Self.insert(reminders, on: db)
        }
        activity.$id.exists = true
        return try await saved(ActivityView(activity: activity, category: fields.category, reminders: reminders), for: planner)
    }

    /// Changes category, text, times and reminders. A done or skipped activity can still be
    /// corrected (people log rest after the fact); its status stays.
    public func update(_ id: UUID, with draft: ActivityDraft, for planner: Planner) async throws -> SavedActivity {
        let activity = try await own(id, for: planner)
        let fields = try await validate(draft, for: planner)
        apply(fields, to: activity, at: context.clock.now)
        let reminders = fields.reminders.map { Reminder(activityID: id, ownerID: planner.id, timing: $0, start: activity.startsAt) }
        try await db.writeTransaction { db in
            try await activity.update(on: db)
            try await Reminder.query(on: db).filter(\.$activityID == id).delete()
            try await Self.insert(reminders, on: db)
        }
        return try await saved(ActivityView(activity: activity, category: fields.category, reminders: reminders), for: planner)
    }

    /// Marks a planned activity done (once it has started) or skipped. Either is final.
    public func complete(_ id: UUID, as status: ActivityStatus, for planner: Planner) async throws -> ActivityView {
        try Self.checkFinishing(as: status)
        let activity = try await own(id, for: planner)
        let now = context.clock.now
        if let refusal = Self.refusal(finishing: activity, as: status, at: now) { throw refusal }
        // Guarded by the status it was read with: of two tabs finishing it at once, one wins.
        // In a write transaction, which marks a retry's key with the change.
        let changed = try await db.writeTransaction { db in
            try await db.sql.update(RestActivity.schema)
                .set("status", to: SQLBind(status.rawValue)).set("updated_at", to: SQLBind(now))
                .where("id", .equal, SQLBind(id)).where("status", .equal, SQLBind(ActivityStatus.planned.rawValue))
                .returning("id").all().count
        }
        guard changed > 0 else { throw Self.alreadyFinal }
        activity.status = status
        activity.updatedAt = now
        return try await views(of: [activity])[0]
    }

    /// Finishing means done or skipped.
    static func checkFinishing(as status: ActivityStatus) throws {
        guard status != .planned else {
            throw AppError.validation([FieldError(field: "status", key: "fx.validation.status")])
        }
    }

    /// Why `activity`, as read, cannot be finished as `status` at `now`: it already is, or
    /// it is to be marked done before it has started. Nil when it can.
    static func refusal(finishing activity: RestActivity, as status: ActivityStatus, at now: Date) -> AppError? {
        guard activity.status == .planned else { return alreadyFinal }
        if status == .done, activity.startsAt > now {
            return AppError.conflict(code: "activity_not_started", key: "fx.activity.not_started")
        }
        return nil
    }

    static var alreadyFinal: AppError { AppError.conflict(code: "activity_final", key: "fx.activity.final") }

    /// Rates a done activity 1–5, with an optional note; a new rating replaces the old.
    public func rate(_ id: UUID, rating: Int?, note: String?, for planner: Planner) async throws -> ActivityView {
        var v = Kernel.Validator()
        if let rating {
            if !(1...5).contains(rating) { v.add("rating", "fx.validation.rating") }
        } else {
            v.add("rating", "validation.required")
        }
        let note = v.text("note", note, required: false, maxLength: Self.noteMaxLength)
        try v.throwIfInvalid()
        let activity = try await own(id, for: planner)
        guard activity.status == .done else {
            throw AppError.conflict(code: "activity_not_done", key: "fx.activity.not_done")
        }
        activity.rating = rating
        activity.ratingNote = note
        activity.updatedAt = context.clock.now
        try await db.writeTransaction { db in try await activity.update(on: db) }
        return try await views(of: [activity])[0]
    }

    /// Deletes an activity so that it can still be restored (undo); it leaves every view,
    /// statistic and the calendar feed at once.
    public func delete(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        let activity = try await own(id, for: planner)
        activity.deletedAt = context.clock.now
        activity.updatedAt = context.clock.now
        try await db.writeTransaction { db in try await activity.update(on: db) }
        return try await views(of: [activity])[0]
    }

    /// Takes a deletion back.
    public func restore(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        let activity = try await own(id, for: planner, includingDeleted: true)
        activity.deletedAt = nil
        activity.updatedAt = context.clock.now
        try await db.writeTransaction { db in try await activity.update(on: db) }
        return try await views(of: [activity])[0]
    }

    // MARK: Helpers

    /// The person's activities (deleted ones aside) that touch `interval`, by start.
    /// Activities last at most a day, so the owner-and-start index is read from a day
    /// before the interval on, not from the person's first activity ever.
    static func touching(_ interval: DateInterval, of owner: UUID, on db: any Database, excludingSkipped: Bool = false,
                         except excluded: UUID? = nil) async throws -> [RestActivity] {
        try await RestActivity.all(db) { query in
            var query = query.where("owner_id", .equal, SQLBind(owner)).where("deleted_at", .is, SQLLiteral.null)
                .where("starts_at", .lessThan, SQLBind(interval.end))
                .where("starts_at", .greaterThan, SQLBind(interval.start.addingTimeInterval(-longest)))
                .where("ends_at", .greaterThan, SQLBind(interval.start))
            if excludingSkipped { query = query.where("status", .notEqual, SQLBind(ActivityStatus.skipped.rawValue)) }
            if let excluded { query = query.where("id", .notEqual, SQLBind(excluded)) }
            return query.orderBy("starts_at").orderBy("id")
        }
    }

    struct Fields {
        let category: RestCategory
        let details: String
        let startsAt: Date
        let endsAt: Date
        let reminders: [ReminderTiming]
    }

    func validate(_ draft: ActivityDraft, for planner: Planner) async throws -> Fields {
        var v = Kernel.Validator()
        let details = check(draft, into: &v)
        let category = try await context.categories.usable(draft.categoryID, by: planner)
        if draft.categoryID == nil {
            v.add("categoryId", "validation.required")
        } else if category == nil {
            v.add("categoryId", "fx.validation.category")
        }
        try v.throwIfInvalid()
        return Fields(category: category!, details: details, startsAt: draft.startsAt!, endsAt: draft.endsAt!,
                      reminders: Self.distinct(draft.reminders, start: draft.startsAt!))
    }

    /// Every rule of a draft but its category's (which needs the database); the description.
    func check(_ draft: ActivityDraft, into v: inout Kernel.Validator) -> String {
        let details = v.text("description", draft.details, required: false, maxLength: Self.detailsMaxLength) ?? ""
        if draft.startsAt == nil { v.add("startsAt", "validation.required") }
        if draft.endsAt == nil { v.add("endsAt", "validation.required") }
        if let start = draft.startsAt, !(Self.earliest...Self.latest).contains(start) { v.add("startsAt", "fx.validation.date_range") }
        if let start = draft.startsAt, let end = draft.endsAt, !v.hasError(for: "startsAt") {
            if end <= start {
                v.add("endsAt", "fx.validation.ends_before_start")
            } else if end.timeIntervalSince(start) > Self.longest {
                v.add("endsAt", "fx.validation.too_long", ["hours": "24"])
            }
        }
        if draft.reminders.count > Self.maxReminders {
            v.add("reminders", "fx.validation.reminders_count", ["max": String(Self.maxReminders)])
        }
        for timing in draft.reminders {
            switch timing {
            case .minutesBefore(let minutes) where !(0...ReminderTiming.maxMinutesBefore).contains(minutes):
                v.add("reminders", "fx.validation.reminder_minutes", ["max": String(ReminderTiming.maxMinutesBefore)])
            case .at(let date) where draft.endsAt.map { date > $0 } ?? false || date < Self.earliest:
                v.add("reminders", "fx.validation.reminder_after_end")
            default:
                break
            }
        }
        return details
    }

    /// The reminders once each, in the order they fire.
    static func distinct(_ reminders: [ReminderTiming], start: Date) -> [ReminderTiming] {
        Array(Set(reminders)).sorted { $0.firesAt(start: start) < $1.firesAt(start: start) }
    }

    func apply(_ fields: Fields, to activity: RestActivity, at now: Date) {
        activity.categoryID = fields.category.id!
        activity.details = fields.details
        activity.startsAt = fields.startsAt
        activity.endsAt = fields.endsAt
        activity.updatedAt = now
    }

    // Inserts written with SQLKit: Fluent's `create` lists a model's properties with
    // `Mirror` (and its timestamps twice more) for every row, a large cost on this hot
    // path (see docs/decisions/hot-paths-without-fluent-models.md).

    static func insert(_ activity: RestActivity, on db: any Database) async throws {
        try await db.sql.insert(into: RestActivity.schema)
            .columns("id", "owner_id", "category_id", "description", "starts_at", "ends_at", "status", "rating", "rating_note",
                     "deleted_at", "created_at", "updated_at")
            .values(SQLBind(activity.id!), SQLBind(activity.ownerID), SQLBind(activity.categoryID), SQLBind(activity.details),
                    SQLBind(activity.startsAt), SQLBind(activity.endsAt), SQLBind(activity.status.rawValue), SQLBind(activity.rating),
                    SQLBind(activity.ratingNote), SQLBind(activity.deletedAt), SQLBind(activity.createdAt), SQLBind(activity.updatedAt))
            .run()
    }

    /// All of them in one statement.
    static func insert(_ reminders: [Reminder], on db: any Database) async throws {
        guard !reminders.isEmpty else { return }
        var insert = db.sql.insert(into: Reminder.schema)
            .columns("id", "activity_id", "owner_id", "minutes_before", "remind_at", "fires_at", "pushed_at")
        for reminder in reminders {
            reminder.id = reminder.id ?? UUID.timeOrdered()
            insert = insert.values(SQLBind(reminder.id!), SQLBind(reminder.activityID), SQLBind(reminder.ownerID), SQLBind(reminder.minutesBefore),
                                   SQLBind(reminder.remindAt), SQLBind(reminder.firesAt), SQLBind(reminder.pushedAt))
            reminder.$id.exists = true
        }
        try await insert.run()
    }

    /// The person's own activity, or a 404 (for another person's too).
    func own(_ id: UUID, for planner: Planner, includingDeleted: Bool = false) async throws -> RestActivity {
        guard let activity = try await RestActivity.fetch(id, on: db), activity.ownerID == planner.id,
              includingDeleted || activity.deletedAt == nil else {
            throw AppError.notFound(code: "activity_not_found", key: "fx.activity.not_found")
        }
        return activity
    }

    /// The activity just written (its view made from what was written) and what it overlaps.
    func saved(_ view: ActivityView, for planner: Planner) async throws -> SavedActivity {
        let activity = view.activity
        let others = try await Self.touching(activity.interval, of: planner.id, on: db, excludingSkipped: true, except: activity.requireID())
        return SavedActivity(view: view, overlaps: try await views(of: others))
    }

    /// Activities with their categories and reminders, two queries for any number.
    func views(of activities: [RestActivity]) async throws -> [ActivityView] {
        guard !activities.isEmpty else { return [] }
        let ids = activities.compactMap(\.id)
        let reminders = try await Reminder.all(db) { $0.where("activity_id", .in, SQLBind.group(ids)).orderBy("fires_at") }
        let byActivity = Dictionary(grouping: reminders, by: \.activityID)
        let categoryIDs = Array(Set(activities.map(\.categoryID)))
        let categories = try await RestCategory.all(db) { $0.where("id", .in, SQLBind.group(categoryIDs)) }
        let byID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) })
        return activities.map { activity in
            ActivityView(activity: activity, category: byID[activity.categoryID] ?? Self.missingCategory(of: activity),
                         reminders: byActivity[activity.id!] ?? [])
        }
    }

    /// What a view shows for a category that is gone (the foreign key keeps this from happening).
    static func missingCategory(of activity: RestActivity) -> RestCategory {
        RestCategory(ownerID: nil, slug: BuiltInCategory.other.id, name: nil, at: activity.createdAt)
    }
}
