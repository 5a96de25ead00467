import Fluent
import Foundation
import Kernel

/// A volunteer's credited time: the expected time of every task a pensioner marked done.
public struct HoursSummary: Sendable {
    public struct Month: Sendable, Hashable {
        /// `2026-11`.
        public let month: String
        public let minutes: Int
        public let tasks: Int
    }

    public let from: Date?
    public let to: Date?
    public let totalMinutes: Int
    public let taskCount: Int
    /// Newest month first.
    public let months: [Month]
    public let tasks: [HelpTask]
}

public struct HoursService: Sendable {
    let context: GoldenAgerContext

    /// Hours of done tasks closed in `[from, to)` (both optional), grouped by month in
    /// the app's time zone: each task counts its credited minutes (`HelpTask.credited`).
    public func summary(for member: Member, from: Date? = nil, to: Date? = nil) async throws -> HoursSummary {
        try member.require(.volunteer)
        var query = HelpTask.query(on: context.db).filter(\.$volunteerID == member.id).filter(\.$status == .done)
        if let from { query = query.filter(\.$closedAt >= from) }
        if let to { query = query.filter(\.$closedAt < to) }
        let tasks = try await query.sort(\.$closedAt, .descending).all()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let grouped = Dictionary(grouping: tasks) { task -> String in
            let parts = calendar.dateComponents([.year, .month], from: task.closedAt ?? task.createdAt)
            return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
        }
        let months = grouped.map { key, tasks in
            HoursSummary.Month(month: key, minutes: tasks.reduce(0) { $0 + $1.credited }, tasks: tasks.count)
        }.sorted { $0.month > $1.month }
        return HoursSummary(from: from, to: to, totalMinutes: tasks.reduce(0) { $0 + $1.credited }, taskCount: tasks.count,
                            months: months, tasks: tasks)
    }

    /// Parses a `YYYY-MM-DD` day in the app's time zone: the start of that day.
    public func day(_ text: String?, field: String, into validator: inout Validator) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        guard parts.count == 3, text.count == 10,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              calendar.component(.day, from: date) == parts[2], calendar.component(.month, from: date) == parts[1]
        else {
            validator.add(field, "ga.date.invalid")
            return nil
        }
        return date
    }

    /// The day after `date`'s day (the exclusive end of an inclusive "to" day).
    public func dayAfter(_ date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        return calendar.date(byAdding: .day, value: 1, to: date) ?? date
    }
}
