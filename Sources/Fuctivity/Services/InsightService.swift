import Fluent
import Foundation
import Kernel

/// What is worked out from a person's activities: suggestions, week statistics and the
/// calendar feed.
public struct InsightService: Sendable {
    let context: FuctivityContext
    var db: any Database { context.db }

    /// Suggestions for each of `days` (one day, or the seven of a week).
    public func suggestions(for planner: Planner, days: [LocalDay]) async throws -> [DaySuggestions] {
        guard let first = days.min(), let last = days.max() else { return [] }
        let zone = planner.timeZone
        let from = first.start(in: zone), to = last.adding(days: 1).start(in: zone)
        let busy = try await activities(of: planner, touching: DateInterval(start: from, end: to))
            .filter { $0.status != .skipped }.map(\.interval)
        let now = context.clock.now
        return days.map { day in
            let interval = day.interval(in: zone)
            return RestPlanner.suggest(for: day, plan: planner.plan, busy: busy.filter { $0.end > interval.start && $0.start < interval.end }, now: now)
        }
    }

    /// The statistics of the week that holds `day`.
    public func statistics(for planner: Planner, week day: LocalDay) async throws -> WeekStatistics {
        let zone = planner.timeZone
        let monday = day.monday
        let week = monday.weekInterval(in: zone)
        let facts = try await activities(of: planner, touching: week).map {
            ActivityFact(interval: $0.interval, status: $0.status, categoryID: $0.categoryID, rating: $0.rating)
        }
        return WeekStatistics.compute(week: monday, plan: planner.plan, activities: facts)
    }

    /// How often a phone's calendar is asked to fetch the feed again: tonight's rest added
    /// at six should be in the calendar by seven.
    static let feedRefresh: TimeInterval = 3600

    /// The calendar feed of `owner` (found by its secret, `CalendarFeeds.owner(ofToken:app:)`):
    /// every activity from 60 days ago on, with an alarm per reminder; skipped ones are
    /// marked cancelled. Nil when the person has no profile.
    public func feed(of owner: UUID, localizer: Localizer) async throws -> ICalendar? {
        guard try await FuctivityProfile.fetch(owner, idColumn: "account_id", on: db) != nil,
              let account = try await Account.find(owner, on: db) else { return nil }
        let since = context.clock.now.addingTimeInterval(-60 * 86_400)
        let activities = try await RestActivity.query(on: db).filter(\.$ownerID == owner).filter(\.$deletedAt == nil)
            .filter(\.$endsAt >= since).sort(\.$startsAt).limit(2000).all()
        let ids = activities.compactMap(\.id)
        let reminders = ids.isEmpty ? [] : try await Reminder.query(on: db).filter(\.$activityID ~~ ids).all()
        let byActivity = Dictionary(grouping: reminders, by: \.activityID)
        let categories = try await RestCategory.query(on: db).group(.or) { $0.filter(\.$ownerID == nil).filter(\.$ownerID == owner) }.all()
        let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0.name(in: localizer.language)) })
        let zone = Planner.timeZone(of: account)
        let alarmText = localizer.text("fx.reminder.alarm")
        let items = activities.map { activity in
            let category = names[activity.categoryID] ?? ""
            return ICalendar.Item(
                uid: "\(activity.id!.uuidString.lowercased())@fuctivity.hromada", start: activity.startsAt, end: activity.endsAt,
                timeZone: zone, summary: activity.details.isEmpty ? category : "\(category): \(activity.details)",
                description: activity.details.isEmpty ? nil : activity.details,
                status: activity.status == .skipped ? .cancelled : .confirmed, lastModified: activity.updatedAt,
                alarms: (byActivity[activity.id!] ?? []).sorted { $0.firesAt < $1.firesAt }.map { reminder in
                    switch reminder.timing {
                    case .minutesBefore(let minutes): ICalendar.Alarm(before: TimeInterval(minutes * 60), description: alarmText)
                    case .at(let date): ICalendar.Alarm(trigger: .at(date), description: alarmText)
                    }
                })
        }
        return ICalendar(productID: "-//Hromada//Fuctivity//UK", name: "Fuctivity", items: items, stamp: context.clock.now,
                         refreshInterval: Self.feedRefresh, timeZone: zone)
    }

    func activities(of planner: Planner, touching interval: DateInterval) async throws -> [RestActivity] {
        try await ActivityService.touching(interval, of: planner.id, on: db)
    }
}
