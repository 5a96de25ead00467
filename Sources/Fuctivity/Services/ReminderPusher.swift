import Fluent
import Foundation
import Kernel
import SQLKit
import Vapor

/// Tells a person that one of their reminders is due: their open pages (a live event) and
/// their phone with the page closed (Web Push, where they allowed it). Every server process
/// looks every few seconds; a reminder is claimed with a conditional update before it is
/// pushed, so with several processes each reminder is pushed once.
public struct ReminderPusher: Sendable {
    /// A reminder found more than this late (the server was down) is not pushed any more.
    static let staleAfter: TimeInterval = 60 * 60

    let context: FuctivityContext

    /// What a page is told.
    struct Due: Codable, Sendable {
        let reminderId: UUID
        let activityId: UUID
        let startsAt: Date
        let title: String
    }

    /// Pushes every reminder due now and not pushed yet; returns how many were pushed.
    @discardableResult
    public func pushDue() async throws -> Int {
        let now = context.clock.now
        let sql = context.db.sql
        let claimed = try await sql.update(Reminder.schema)
            .set("pushed_at", to: SQLBind(now))
            .where("pushed_at", .is, SQLLiteral.null)
            .where("fires_at", .lessThanOrEqual, SQLBind(now))
            .returning("id", "activity_id", "fires_at").all()
        // What was claimed in time (a reminder found too late is only marked), with its
        // activity, category and owner read once for all of them.
        let due = try claimed.map { (id: try $0.decode(column: "id", as: UUID.self), activityID: try $0.decode(column: "activity_id", as: UUID.self),
                                     firesAt: try $0.decode(column: "fires_at", as: Date.self)) }
            .filter { now.timeIntervalSince($0.firesAt) <= Self.staleAfter }
        guard !due.isEmpty else { return 0 }
        let activities = try await RestActivity.all(context.db) { $0.where("id", .in, SQLBind.group(Array(Set(due.map(\.activityID))))) }
            .filter { $0.deletedAt == nil && $0.status == .planned }
        guard !activities.isEmpty else { return 0 }
        let byID = Dictionary(uniqueKeysWithValues: activities.map { ($0.id!, $0) })
        let categories = try await RestCategory.all(context.db) { $0.where("id", .in, SQLBind.group(Array(Set(activities.map(\.categoryID))))) }
        let categoriesByID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) })
        let owners = try await Account.query(on: context.db).filter(\.$id ~~ Array(Set(activities.map(\.ownerID)))).all()
        let languages = Dictionary(uniqueKeysWithValues: owners.map { ($0.id!, $0.preferredLanguage ?? .uk) })
        let zones = Dictionary(uniqueKeysWithValues: owners.map { ($0.id!, Planner.timeZone(of: $0)) })
        var pushed = 0
        for reminder in due {
            guard let activity = byID[reminder.activityID] else { continue }
            let language = languages[activity.ownerID] ?? .uk
            let title = activity.details.isEmpty ? (categoriesByID[activity.categoryID]?.name(in: language) ?? "") : activity.details
            _ = try await context.events.publish(
                topic: FuctivityEvents.topic(for: activity.ownerID), name: "reminder",
                payload: Due(reminderId: reminder.id, activityId: reminder.activityID, startsAt: activity.startsAt, title: title),
                at: now, on: context.db)
            // Claimed already: one phone that cannot be queued must not keep the rest from theirs.
            try? await toPhone(activity, title: title, zone: zones[activity.ownerID], reminder: reminder.id)
            pushed += 1
        }
        return pushed
    }

    /// The reminder on the person's phone: what starts, and when, in their own zone.
    private func toPhone(_ activity: RestActivity, title: String, zone: TimeZone?, reminder: UUID) async throws {
        let activityID = try activity.requireID()
        try await context.push.send(app: Fuctivity.id, to: [activity.ownerID], urgency: .high, timeToLive: 3600, on: context.db) { language in
            let l = Localizer(language: language, timeZone: zone ?? context.timeZone, catalogs: [KernelStrings.catalog, FuctivityStrings.catalog])
            return PushNotification(title: title, body: l.text("fx.push.reminder", ["time": l.time(activity.startsAt)]),
                                    url: "\(Fuctivity.descriptor.pathPrefix)/activities/\(activityID)",
                                    // The open page shows the same reminder with this tag (fuctivity.js): one replaces the other.
                                    tag: reminder.uuidString)
        }
    }
}
