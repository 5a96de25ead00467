import Foundation
import Kernel

/// Where an activity stands: planned, then done or skipped (either is final).
public enum ActivityStatus: String, Sendable, Codable, CaseIterable {
    case planned
    case done
    case skipped
}

/// When a reminder rings.
public enum ReminderTiming: Sendable, Equatable, Hashable {
    case minutesBefore(Int)
    case at(Date)

    public func firesAt(start: Date) -> Date {
        switch self {
        case .minutesBefore(let minutes): start.addingTimeInterval(-TimeInterval(minutes * 60))
        case .at(let date): date
        }
    }

    public static let maxMinutesBefore = 7 * 24 * 60
}

/// The built-in kinds of rest (the source's sleep, gaming and walk, and the spec's others).
public struct BuiltInCategory: NamedReference {
    public let id: String
    public let uk: String
    public let en: String
    /// Fixed, so that every installation (and a client that cached them) agrees.
    public let uuid: UUID

    public static let all: [BuiltInCategory] = [
        .init(id: "sleep", uk: "Сон", en: "Sleep", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000001")!),
        .init(id: "gaming", uk: "Ігри", en: "Gaming", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000002")!),
        .init(id: "walk", uk: "Прогулянка", en: "Walk", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000003")!),
        .init(id: "reading", uk: "Читання", en: "Reading", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000004")!),
        .init(id: "sport", uk: "Спорт", en: "Sport", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000005")!),
        .init(id: "friends", uk: "Друзі й родина", en: "Friends & family", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000006")!),
        .init(id: "hobby", uk: "Хобі", en: "Hobby", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000007")!),
        .init(id: "other", uk: "Інше", en: "Other", uuid: UUID(uuidString: "f0c71000-0000-4000-8000-000000000008")!),
    ]

    public static var other: BuiltInCategory { all.last! }
}

/// How a person's week is laid out; what suggestions and statistics are computed from.
public struct WeekPlan: Sendable, Equatable {
    /// ISO weekdays, 1 = Monday … 7 = Sunday.
    public var workingDays: Set<Int>
    public var workHours: Int
    /// Minutes after midnight.
    public var workStarts: Int
    public var restHours: Int
    public var dayStarts: Int
    public var dayEnds: Int
    public var timeZone: TimeZone

    public init(workingDays: Set<Int> = [1, 2, 3, 4, 5], workHours: Int = 8, workStarts: Int = 9 * 60, restHours: Int = 3,
                dayStarts: Int = 7 * 60, dayEnds: Int = 23 * 60, timeZone: TimeZone = WeekPlan.defaultTimeZone) {
        self.workingDays = workingDays
        self.workHours = workHours
        self.workStarts = workStarts
        self.restHours = restHours
        self.dayStarts = dayStarts
        self.dayEnds = dayEnds
        self.timeZone = timeZone
    }

    public static let defaultTimeZone = TimeZone(identifier: "Europe/Kyiv")!
    public static let workHoursRange = 1...16
    public static let restHoursRange = 1...12

    /// Field errors for values out of range (keys `fx.validation.*`).
    public func problems() -> [FieldError] {
        var v = Kernel.Validator()
        if workingDays.contains(where: { !(1...7).contains($0) }) { v.add("workingDays", "fx.validation.weekday") }
        if !Self.workHoursRange.contains(workHours) {
            v.add("workHours", "fx.validation.work_hours", ["min": "1", "max": "16"])
        }
        if !Self.restHoursRange.contains(restHours) {
            v.add("restHours", "fx.validation.rest_hours", ["min": "1", "max": "12"])
        }
        if !(0..<(24 * 60)).contains(workStarts) { v.add("workStarts", "fx.validation.time") }
        if !(0..<(24 * 60)).contains(dayStarts) { v.add("dayStarts", "fx.validation.time") }
        if !(1...(24 * 60)).contains(dayEnds) { v.add("dayEnds", "fx.validation.time") }
        else if dayEnds <= dayStarts { v.add("dayEnds", "fx.validation.day_ends_before_start") }
        return v.errors
    }

    /// `09:00` for 540.
    public static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// 540 for `09:00` (and `24:00` for the end of the day); nil when it does not parse.
    public static func minutes(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...59).contains(minutes) else { return nil }
        let total = hours * 60 + minutes
        return (0...(24 * 60)).contains(total) ? total : nil
    }
}
