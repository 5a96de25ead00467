import Fluent
import Foundation
import Kernel
import SQLKit

/// When an activity ends, its owner is asked how it was: on any open page (a live event
/// that `fuctivity.js` shows) and on the phone with the page closed (Web Push). Runs with
/// the reminders; an activity is claimed in `fx_rate_prompts` before anyone is asked, so
/// with several servers each is asked about once. Skipped, deleted and already rated
/// activities are not asked about, nor ones that ended long ago (the server was down).
public struct RatePrompter: Sendable {
    static let schema = "fx_rate_prompts"
    /// An activity that ended longer ago than this is not asked about any more.
    static let freshFor: TimeInterval = 2 * 3600

    let context: FuctivityContext

    /// What an open page is told.
    struct Ended: Codable, Sendable {
        let activityId: UUID
        let title: String
    }

    /// Asks about every activity that has just ended; returns how many.
    @discardableResult
    public func promptEnded() async throws -> Int {
        let now = context.clock.now
        let rows = try await context.db.sql.raw("""
            INSERT INTO \(ident: Self.schema) (activity_id, prompted_at)
            SELECT a.id, \(bind: now) FROM \(ident: RestActivity.schema) a
            WHERE a.ends_at <= \(bind: now) AND a.ends_at > \(bind: now.addingTimeInterval(-Self.freshFor))
              AND a.deleted_at IS NULL AND a.status <> \(bind: ActivityStatus.skipped.rawValue) AND a.rating IS NULL
            ON CONFLICT DO NOTHING
            RETURNING activity_id
            """).all()
        let ids = try rows.map { try $0.decode(column: "activity_id", as: UUID.self) }
        guard !ids.isEmpty else { return 0 }
        let activities = try await RestActivity.all(context.db) { $0.where("id", .in, SQLBind.group(ids)) }
        let categories = try await RestCategory.all(context.db) { $0.where("id", .in, SQLBind.group(Array(Set(activities.map(\.categoryID))))) }
        let categoriesByID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) })
        for activity in activities {
            let id = try activity.requireID()
            let name = { (language: Language) in
                activity.details.isEmpty ? (categoriesByID[activity.categoryID]?.name(in: language) ?? "") : activity.details
            }
            _ = try await context.events.publish(topic: FuctivityEvents.topic(for: activity.ownerID), name: "rate",
                                                 payload: Ended(activityId: id, title: name(.uk)), at: now, on: context.db)
            // Claimed already: one phone that cannot be queued must not keep the rest from theirs.
            _ = try? await context.push.send(app: Fuctivity.id, to: [activity.ownerID], on: context.db) { language in
                let l = Localizer(language: language, catalogs: [KernelStrings.catalog, FuctivityStrings.catalog])
                return PushNotification(title: l.text("fx.push.rate_title"), body: l.text("fx.push.rate", ["title": name(language)]),
                                        url: "\(Fuctivity.descriptor.pathPrefix)/activities/\(id)", tag: "rate-\(id)")
            }
        }
        return activities.count
    }
}
