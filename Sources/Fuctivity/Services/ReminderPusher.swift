import Fluent
import Foundation
import Kernel
import SQLKit
import Vapor

/// Tells a person's open pages that one of their reminders is due (the phone's calendar
/// rings through the feed even with no page open). Every server process looks every few
/// seconds; a reminder is claimed with a conditional update before it is pushed, so with
/// several processes each reminder is pushed once.
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
        let sql = context.db as! any SQLDatabase
        let claimed = try await sql.update(Reminder.schema)
            .set("pushed_at", to: SQLBind(now))
            .where("pushed_at", .is, SQLLiteral.null)
            .where("fires_at", .lessThanOrEqual, SQLBind(now))
            .returning("id", "activity_id", "fires_at").all()
        var pushed = 0
        for row in claimed {
            let firesAt = try row.decode(column: "fires_at", as: Date.self)
            guard now.timeIntervalSince(firesAt) <= Self.staleAfter,
                  let activity = try await RestActivity.find(try row.decode(column: "activity_id", as: UUID.self), on: context.db),
                  activity.deletedAt == nil, activity.status == .planned else { continue }
            let category = try await RestCategory.find(activity.categoryID, on: context.db)
            let language = try await Account.find(activity.ownerID, on: context.db)?.preferredLanguage ?? .uk
            let title = activity.details.isEmpty ? (category?.name(in: language) ?? "") : activity.details
            _ = try await context.events.publish(
                topic: FuctivityEvents.topic(for: activity.ownerID), name: "reminder",
                payload: Due(reminderId: try row.decode(column: "id", as: UUID.self), activityId: try activity.requireID(),
                             startsAt: activity.startsAt, title: title),
                at: now, on: context.db)
            pushed += 1
        }
        return pushed
    }
}

/// Runs the pusher in the background from boot to shutdown.
final class ReminderPusherLifecycle: LifecycleHandler, @unchecked Sendable {
    let interval: Duration
    private var task: Task<Void, Never>?

    init(interval: Duration = .seconds(10)) { self.interval = interval }

    func didBootAsync(_ application: Application) async throws {
        let interval = self.interval
        task = Task {
            while !Task.isCancelled {
                do {
                    try await ReminderPusher(context: FuctivityContext(application.services)).pushDue()
                } catch {
                    application.logger.warning("Fuctivity reminders could not be pushed", metadata: ["error": "\(String(reflecting: error))"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    func shutdownAsync(_ application: Application) async {
        task?.cancel()
        await task?.value
    }
}
