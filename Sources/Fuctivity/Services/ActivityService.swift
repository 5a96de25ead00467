import Fluent
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
        // Activities last at most a day, so one that touches the range starts after from − 1 day.
        let activities = try await RestActivity.query(on: db).filter(\.$ownerID == planner.id).filter(\.$deletedAt == nil)
            .filter(\.$startsAt < to).filter(\.$startsAt > from.addingTimeInterval(-Self.longest))
            .sort(\.$startsAt).sort(\.$id).all()
            .filter { $0.endsAt > from }
        return try await views(of: activities, for: planner)
    }

    public func view(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        try await views(of: [try await own(id, for: planner)], for: planner)[0]
    }

    // MARK: Changing

    public func create(_ draft: ActivityDraft, for planner: Planner) async throws -> SavedActivity {
        let fields = try await validate(draft, for: planner)
        let now = context.clock.now
        let activity = RestActivity()
        activity.ownerID = planner.id
        activity.status = .planned
        activity.createdAt = now
        apply(fields, to: activity, at: now)
        try await db.writeTransaction { db in
            try await activity.create(on: db)
            try await replaceReminders(of: activity, with: fields.reminders, on: db)
        }
        return try await saved(activity, for: planner)
    }

    /// Changes category, text, times and reminders. A done or skipped activity can still be
    /// corrected (people log rest after the fact); its status stays.
    public func update(_ id: UUID, with draft: ActivityDraft, for planner: Planner) async throws -> SavedActivity {
        let activity = try await own(id, for: planner)
        let fields = try await validate(draft, for: planner)
        apply(fields, to: activity, at: context.clock.now)
        try await db.writeTransaction { db in
            try await activity.update(on: db)
            try await replaceReminders(of: activity, with: fields.reminders, on: db)
        }
        return try await saved(activity, for: planner)
    }

    /// Marks a planned activity done (once it has started) or skipped. Either is final.
    public func complete(_ id: UUID, as status: ActivityStatus, for planner: Planner) async throws -> ActivityView {
        guard status != .planned else {
            throw AppError.validation([FieldError(field: "status", key: "fx.validation.status")])
        }
        let activity = try await own(id, for: planner)
        let now = context.clock.now
        guard activity.status == .planned else {
            throw AppError.conflict(code: "activity_final", key: "fx.activity.final")
        }
        if status == .done, activity.startsAt > now {
            throw AppError.conflict(code: "activity_not_started", key: "fx.activity.not_started")
        }
        // Guarded by the status it was read with: of two tabs finishing it at once, one wins.
        let changed = try await (db as! any SQLDatabase).update(RestActivity.schema)
            .set("status", to: SQLBind(status.rawValue)).set("updated_at", to: SQLBind(now))
            .where("id", .equal, SQLBind(id)).where("status", .equal, SQLBind(ActivityStatus.planned.rawValue))
            .returning("id").all()
        guard !changed.isEmpty else { throw AppError.conflict(code: "activity_final", key: "fx.activity.final") }
        activity.status = status
        activity.updatedAt = now
        return try await views(of: [activity], for: planner)[0]
    }

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
        try await activity.update(on: db)
        return try await views(of: [activity], for: planner)[0]
    }

    /// Deletes an activity so that it can still be restored (undo); it leaves every view,
    /// statistic and the calendar feed at once.
    public func delete(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        let activity = try await own(id, for: planner)
        activity.deletedAt = context.clock.now
        activity.updatedAt = context.clock.now
        try await activity.update(on: db)
        return try await views(of: [activity], for: planner)[0]
    }

    /// Takes a deletion back.
    public func restore(_ id: UUID, for planner: Planner) async throws -> ActivityView {
        let activity = try await own(id, for: planner, includingDeleted: true)
        activity.deletedAt = nil
        activity.updatedAt = context.clock.now
        try await activity.update(on: db)
        return try await views(of: [activity], for: planner)[0]
    }

    // MARK: Helpers

    struct Fields {
        let category: RestCategory
        let details: String
        let startsAt: Date
        let endsAt: Date
        let reminders: [ReminderTiming]
    }

    func validate(_ draft: ActivityDraft, for planner: Planner) async throws -> Fields {
        var v = Kernel.Validator()
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
        let category = try await context.categories.usable(draft.categoryID, by: planner)
        if draft.categoryID == nil {
            v.add("categoryId", "validation.required")
        } else if category == nil {
            v.add("categoryId", "fx.validation.category")
        }
        try v.throwIfInvalid()
        return Fields(category: category!, details: details, startsAt: draft.startsAt!, endsAt: draft.endsAt!,
                      reminders: Array(Set(draft.reminders)).sorted { $0.firesAt(start: draft.startsAt!) < $1.firesAt(start: draft.startsAt!) })
    }

    func apply(_ fields: Fields, to activity: RestActivity, at now: Date) {
        activity.categoryID = fields.category.id!
        activity.details = fields.details
        activity.startsAt = fields.startsAt
        activity.endsAt = fields.endsAt
        activity.updatedAt = now
    }

    func replaceReminders(of activity: RestActivity, with timings: [ReminderTiming], on db: any Database) async throws {
        let id = try activity.requireID()
        try await Reminder.query(on: db).filter(\.$activityID == id).delete()
        for timing in timings {
            try await Reminder(activityID: id, ownerID: activity.ownerID, timing: timing, start: activity.startsAt).create(on: db)
        }
    }

    /// The person's own activity, or a 404 (for another person's too).
    func own(_ id: UUID, for planner: Planner, includingDeleted: Bool = false) async throws -> RestActivity {
        guard let activity = try await RestActivity.find(id, on: db), activity.ownerID == planner.id,
              includingDeleted || activity.deletedAt == nil else {
            throw AppError.notFound(code: "activity_not_found", key: "fx.activity.not_found")
        }
        return activity
    }

    func saved(_ activity: RestActivity, for planner: Planner) async throws -> SavedActivity {
        let others = try await RestActivity.query(on: db).filter(\.$ownerID == planner.id).filter(\.$deletedAt == nil)
            .filter(\.$id != activity.requireID()).filter(\.$status != .skipped)
            .filter(\.$startsAt < activity.endsAt).filter(\.$endsAt > activity.startsAt).sort(\.$startsAt).all()
        let views = try await views(of: [activity] + others, for: planner)
        return SavedActivity(view: views[0], overlaps: Array(views.dropFirst()))
    }

    /// Activities with their categories and reminders, two queries for any number.
    func views(of activities: [RestActivity], for planner: Planner) async throws -> [ActivityView] {
        guard !activities.isEmpty else { return [] }
        let ids = activities.compactMap(\.id)
        let reminders = try await Reminder.query(on: db).filter(\.$activityID ~~ ids).sort(\.$firesAt).all()
        let byActivity = Dictionary(grouping: reminders, by: \.activityID)
        let categoryIDs = Array(Set(activities.map(\.categoryID)))
        let categories = try await RestCategory.query(on: db).filter(\.$id ~~ categoryIDs).all()
        let byID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) })
        return activities.map { activity in
            ActivityView(activity: activity, category: byID[activity.categoryID] ?? RestCategory(ownerID: nil, slug: "other", name: nil, at: activity.createdAt),
                         reminders: byActivity[activity.id!] ?? [])
        }
    }
}
