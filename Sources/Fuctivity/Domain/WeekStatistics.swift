import Foundation
import Kernel

/// What a week's statistics are computed from: one activity, as far as they care.
public struct ActivityFact: Sendable {
    public let interval: DateInterval
    public let status: ActivityStatus
    public let categoryID: UUID
    public let rating: Int?

    public init(interval: DateInterval, status: ActivityStatus, categoryID: UUID, rating: Int?) {
        self.interval = interval
        self.status = status
        self.categoryID = categoryID
        self.rating = rating
    }
}

/// A week of rest, Monday first, in the person's time zone: rest taken each day against
/// the plan, the week's total, and the average rating of each kind of rest.
public struct WeekStatistics: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public let day: LocalDay
        /// Done activities, the part of each that falls on this day (time two of them share counts once).
        public let restedMinutes: Int
        /// Activities still planned (neither done nor skipped) on this day.
        public let plannedMinutes: Int
        public let targetMinutes: Int
    }

    public struct Rating: Sendable, Equatable {
        public let categoryID: UUID
        public let average: Double
        public let count: Int
    }

    public let weekStart: LocalDay
    public let days: [Day]
    public let ratings: [Rating]

    public var totalRestedMinutes: Int { days.reduce(0) { $0 + $1.restedMinutes } }
    public var totalPlannedMinutes: Int { days.reduce(0) { $0 + $1.plannedMinutes } }
    public var totalTargetMinutes: Int { days.reduce(0) { $0 + $1.targetMinutes } }

    /// - Parameter week: any day of the week; the week starts on its Monday.
    public static func compute(week: LocalDay, plan: WeekPlan, activities: [ActivityFact]) -> WeekStatistics {
        let monday = week.monday
        let zone = plan.timeZone
        let days = (0..<7).map { offset -> Day in
            let day = monday.adding(days: offset)
            let interval = day.interval(in: zone)
            func minutes(_ status: ActivityStatus) -> Int {
                let seconds = RestPlanner.covered(activities.filter { $0.status == status }.map(\.interval), within: interval)
                return Int((seconds / 60).rounded())
            }
            return Day(day: day, restedMinutes: minutes(.done), plannedMinutes: minutes(.planned), targetMinutes: plan.restHours * 60)
        }
        // A rating belongs to the week its activity started in.
        let week = monday.weekInterval(in: zone)
        let rated = activities.filter { $0.status == .done && $0.rating != nil && week.contains($0.interval.start) && $0.interval.start < week.end }
        let ratings = Dictionary(grouping: rated, by: \.categoryID).map { category, facts in
            Rating(categoryID: category, average: Double(facts.reduce(0) { $0 + $1.rating! }) / Double(facts.count), count: facts.count)
        }.sorted { ($0.average, $0.count, $0.categoryID.uuidString) > ($1.average, $1.count, $1.categoryID.uuidString) }
        return WeekStatistics(weekStart: monday, days: days, ratings: ratings)
    }
}
