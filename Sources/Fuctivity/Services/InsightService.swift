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

    /// A week's statistics with the categories rated in it (their names, for the answer).
    public struct WeekReport: Sendable {
        public let statistics: WeekStatistics
        public let categories: [UUID: RestCategory]
    }

    /// `statistics(for:week:)` for an API caller, signed in by the same statement: one round
    /// trip on PostgreSQL (`WeekActivitiesStatement`); nil on other databases. `day` is a
    /// day of the week wanted, today in the caller's zone when nil.
    public func statistics(of caller: SignInCaller, week day: LocalDay?) async throws -> WeekReport? {
        let now = context.clock.now
        // The caller's zone arrives with the rows, so they cover the week in any zone (a
        // day either side of it in UTC, and either side of today) and are cut to it below.
        let today = LocalDay(now, in: .gmt)
        let earliest = (day ?? today.adding(days: -1)).monday, latest = (day ?? today.adding(days: 1)).monday
        let wide = DateInterval(start: earliest.adding(days: -1).start(in: .gmt), end: latest.adding(days: 8).start(in: .gmt))
        guard let rows = try await db.preparedRows(WeekActivitiesStatement(caller: caller, now: now, interval: wide)) else { return nil }
        _ = try await caller.signIn(rows.first?.signIn)
        guard let row = rows.first, let plan = row.plan else { throw AppError.unauthenticated }
        let zone = plan.timeZone
        let monday = (day ?? LocalDay(now, in: zone)).monday
        let week = monday.weekInterval(in: zone)
        let statistics = WeekStatistics.compute(week: monday, plan: plan,
                                                activities: row.activities.filter { $0.interval.end > week.start && $0.interval.start < week.end })
        var rated: [UUID: RestCategory] = [:]
        for rating in statistics.ratings {
            guard let category = row.categories[rating.categoryID] else { continue }
            rated[rating.categoryID] = RestCategory(id: rating.categoryID, ownerID: nil, slug: category.slug.isEmpty ? nil : category.slug,
                                                    name: category.name.isEmpty ? nil : category.name, at: now)
        }
        return WeekReport(statistics: statistics, categories: rated)
    }

    /// The calendar feed of `owner` (found by its secret, `CalendarFeeds.owner(ofToken:app:)`):
    /// every activity from 60 days ago on, with an alarm per reminder; skipped ones are
    /// marked cancelled. Nil when the person has no profile.
    public func feed(of owner: UUID, localizer: Localizer) async throws -> ICalendar? {
        guard let profile = try await FuctivityProfile.fetch(owner, idColumn: "account_id", on: db) else { return nil }
        let since = context.clock.now.addingTimeInterval(-60 * 86_400)
        let activities = try await RestActivity.query(on: db).filter(\.$ownerID == owner).filter(\.$deletedAt == nil)
            .filter(\.$endsAt >= since).sort(\.$startsAt).limit(2000).all()
        let ids = activities.compactMap(\.id)
        let reminders = ids.isEmpty ? [] : try await Reminder.query(on: db).filter(\.$activityID ~~ ids).all()
        let byActivity = Dictionary(grouping: reminders, by: \.activityID)
        let categories = try await RestCategory.query(on: db).group(.or) { $0.filter(\.$ownerID == nil).filter(\.$ownerID == owner) }.all()
        let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0.name(in: localizer.language)) })
        let zone = profile.plan.timeZone
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
        return ICalendar(productID: "-//Hromada//Fuctivity//UK", name: "Fuctivity", items: items, stamp: context.clock.now)
    }

    func activities(of planner: Planner, touching interval: DateInterval) async throws -> [RestActivity] {
        try await ActivityService.touching(interval, of: planner.id, on: db)
    }
}
