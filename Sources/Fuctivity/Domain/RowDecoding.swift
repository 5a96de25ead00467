import Fluent
import Foundation
import Kernel
import SQLKit

// The rows every signed-in request reads, filled column by column instead of through
// Fluent's reflection (see Kernel's `RowDecodable`).

extension FuctivityProfile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> FuctivityProfile {
        let profile = FuctivityProfile()
        profile.id = try row.decode(column: prefix + "account_id", as: UUID.self)
        profile.workingDays = try row.decode(column: prefix + "working_days", as: String.self)
        profile.workHours = try row.decode(column: prefix + "work_hours", as: Int.self)
        profile.workStarts = try row.decode(column: prefix + "work_starts", as: Int.self)
        profile.restHours = try row.decode(column: prefix + "rest_hours", as: Int.self)
        profile.dayStarts = try row.decode(column: prefix + "day_starts", as: Int.self)
        profile.dayEnds = try row.decode(column: prefix + "day_ends", as: Int.self)
        profile.onboardedAt = try row.optional(prefix + "onboarded_at")
        profile.createdAt = try row.decode(column: prefix + "created_at", as: Date.self)
        profile.updatedAt = try row.decode(column: prefix + "updated_at", as: Date.self)
        profile.$id.exists = true
        return profile
    }
}

extension RestCategory: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> RestCategory {
        let category = RestCategory(id: try row.decode(column: prefix + "id", as: UUID.self), ownerID: try row.optional(prefix + "owner_id"),
                                    slug: try row.optional(prefix + "slug"), name: try row.optional(prefix + "name"),
                                    at: try row.decode(column: prefix + "created_at", as: Date.self))
        category.archivedAt = try row.optional(prefix + "archived_at")
        category.$id.exists = true
        return category
    }
}

extension RestActivity: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> RestActivity {
        let activity = RestActivity()
        activity.id = try row.decode(column: prefix + "id", as: UUID.self)
        activity.ownerID = try row.decode(column: prefix + "owner_id", as: UUID.self)
        activity.categoryID = try row.decode(column: prefix + "category_id", as: UUID.self)
        activity.details = try row.decode(column: prefix + "description", as: String.self)
        activity.startsAt = try row.decode(column: prefix + "starts_at", as: Date.self)
        activity.endsAt = try row.decode(column: prefix + "ends_at", as: Date.self)
        activity.status = try row.stored(prefix + "status")
        activity.rating = try row.optional(prefix + "rating")
        activity.ratingNote = try row.optional(prefix + "rating_note")
        activity.deletedAt = try row.optional(prefix + "deleted_at")
        activity.createdAt = try row.decode(column: prefix + "created_at", as: Date.self)
        activity.updatedAt = try row.decode(column: prefix + "updated_at", as: Date.self)
        activity.$id.exists = true
        return activity
    }
}

extension Reminder: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> Reminder {
        let reminder = Reminder()
        reminder.id = try row.decode(column: prefix + "id", as: UUID.self)
        reminder.activityID = try row.decode(column: prefix + "activity_id", as: UUID.self)
        reminder.ownerID = try row.decode(column: prefix + "owner_id", as: UUID.self)
        reminder.minutesBefore = try row.optional(prefix + "minutes_before")
        reminder.remindAt = try row.optional(prefix + "remind_at")
        reminder.firesAt = try row.decode(column: prefix + "fires_at", as: Date.self)
        reminder.pushedAt = try row.optional(prefix + "pushed_at")
        reminder.$id.exists = true
        return reminder
    }
}

extension RowDecodable {
    /// The rows a SQLKit select finds, decoded by hand.
    static func all(_ database: any Database, _ build: (SQLSelectBuilder) -> SQLSelectBuilder) async throws -> [Self] {
        let sql = database.sql
        return try await build(sql.select().column("*").from(schema)).all().map { try decode($0) }
    }
}
