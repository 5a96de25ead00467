import FluentPostgresDriver
import Foundation
import Kernel

// The columns the one-trip statements read of activities, categories, reminders and
// profiles, and their decoders by position (`RowDecoderTests` holds each list to its table
// and model).

/// The activity, category and reminder columns these statements read, in `PostgresColumns` order.
enum OneTripColumns {
    static let activity = "id, owner_id, category_id, description, starts_at, ends_at, status, rating, rating_note, deleted_at, created_at, updated_at"
    static let category = "id, owner_id, slug, name, created_at, archived_at"
    static let profile = """
        p.account_id, p.working_days, p.work_hours, p.work_starts, p.rest_hours, p.day_starts, p.day_ends,
        p.onboarded_at, p.created_at, p.updated_at
        """

    /// An activity `table` as a view: its columns, its category's and its reminders' (as
    /// parallel arrays by firing time); `viewJoins(table)` supplies `<table>_c` and `<table>_r`.
    static func view(_ table: String) -> String {
        "\(prefixed(activity, table)), \(prefixed(category, table + "_c")), \(table)_r.ids, \(table)_r.minutes, \(table)_r.moments, \(table)_r.fires"
    }

    static func viewJoins(_ table: String) -> String {
        """
        LEFT JOIN fx_categories \(table)_c ON \(table)_c.id = \(table).category_id
        LEFT JOIN LATERAL (
            SELECT array_agg(r.id ORDER BY r.fires_at, r.id) AS ids,
                   array_agg(coalesce(r.minutes_before, -1) ORDER BY r.fires_at, r.id) AS minutes,
                   array_agg(coalesce(r.remind_at, r.fires_at) ORDER BY r.fires_at, r.id) AS moments,
                   array_agg(r.fires_at ORDER BY r.fires_at, r.id) AS fires
            FROM fx_reminders r WHERE r.activity_id = \(table).id) \(table)_r ON true
        """
    }

    static func prefixed(_ columns: String, _ table: String) -> String {
        Kernel.PostgresColumns.qualified(columns, by: table)
    }
}

extension Kernel.PostgresColumns {
    /// `OneTripColumns.profile`; nil when the account has no profile (the columns are NULL).
    mutating func profile() throws -> FuctivityProfile? {
        let id = try next(UUID?.self)
        let workingDays = try next(String?.self), workHours = try next(Int?.self), workStarts = try next(Int?.self)
        let restHours = try next(Int?.self), dayStarts = try next(Int?.self), dayEnds = try next(Int?.self)
        let onboardedAt = try next(Date?.self)
        let createdAt = try next(Date?.self), updatedAt = try next(Date?.self)
        guard let id, let workingDays, let workHours, let workStarts, let restHours, let dayStarts, let dayEnds,
              let createdAt, let updatedAt else { return nil }
        let profile = FuctivityProfile()
        profile.id = id
        profile.workingDays = workingDays
        profile.workHours = workHours
        profile.workStarts = workStarts
        profile.restHours = restHours
        profile.dayStarts = dayStarts
        profile.dayEnds = dayEnds
        profile.onboardedAt = onboardedAt
        profile.createdAt = createdAt
        profile.updatedAt = updatedAt
        profile.$id.exists = true
        return profile
    }

    /// `OneTripColumns.activity`; nil when the columns are NULL (an outer join found none).
    mutating func activity() throws -> RestActivity? {
        let id = try next(UUID?.self), ownerID = try next(UUID?.self), categoryID = try next(UUID?.self)
        let details = try next(String?.self), startsAt = try next(Date?.self), endsAt = try next(Date?.self)
        let status = try next(String?.self), rating = try next(Int?.self), ratingNote = try next(String?.self)
        let deletedAt = try next(Date?.self), createdAt = try next(Date?.self), updatedAt = try next(Date?.self)
        guard let id, let ownerID, let categoryID, let details, let startsAt, let endsAt, let status, let createdAt, let updatedAt else {
            return nil
        }
        guard let stored = ActivityStatus(rawValue: status) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(status) is not an ActivityStatus"))
        }
        let activity = RestActivity()
        activity.id = id
        activity.ownerID = ownerID
        activity.categoryID = categoryID
        activity.details = details
        activity.startsAt = startsAt
        activity.endsAt = endsAt
        activity.status = stored
        activity.rating = rating
        activity.ratingNote = ratingNote
        activity.deletedAt = deletedAt
        activity.createdAt = createdAt
        activity.updatedAt = updatedAt
        activity.$id.exists = true
        return activity
    }

    /// `OneTripColumns.category`; nil when the columns are NULL.
    mutating func category() throws -> RestCategory? {
        let id = try next(UUID?.self), ownerID = try next(UUID?.self), slug = try next(String?.self)
        let name = try next(String?.self), createdAt = try next(Date?.self), archivedAt = try next(Date?.self)
        guard let id, let createdAt else { return nil }
        let category = RestCategory(id: id, ownerID: ownerID, slug: slug, name: name, at: createdAt)
        category.archivedAt = archivedAt
        category.$id.exists = true
        return category
    }

    /// `OneTripColumns.view`; nil when the activity columns are NULL.
    mutating func activityView() throws -> ActivityView? {
        let activity = try activity(), category = try category()
        let ids = try next([UUID]?.self) ?? [], minutes = try next([Int]?.self) ?? []
        let moments = try next([Date]?.self) ?? [], fires = try next([Date]?.self) ?? []
        guard let activity else { return nil }
        guard [minutes.count, moments.count, fires.count].allSatisfy({ $0 == ids.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The reminder arrays differ in length"))
        }
        let reminders = ids.indices.map { index in
            let reminder = Reminder()
            reminder.id = ids[index]
            reminder.activityID = activity.id!
            reminder.ownerID = activity.ownerID
            reminder.minutesBefore = minutes[index] < 0 ? nil : minutes[index]
            reminder.remindAt = minutes[index] < 0 ? moments[index] : nil
            reminder.firesAt = fires[index]
            reminder.$id.exists = true
            return reminder
        }
        return ActivityView(activity: activity, category: category ?? ActivityService.missingCategory(of: activity), reminders: reminders)
    }
}
