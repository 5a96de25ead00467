import Foundation
import Kernel

/// When an order nobody has taken becomes the coordinators' business: after
/// `longestWait`, or a third of the time left to its preferred time if that is sooner
/// (help wanted this afternoon cannot wait half an hour to be noticed at noon).
public enum TaskAttention {
    public static let longestWait: TimeInterval = 30 * 60
    /// Where each part of a preferred day begins; a day without a part begins in the morning.
    static let startHour: [DayPart: Int] = [.morning: 8, .afternoon: 12, .evening: 17]

    /// The moment a task whose wait starts at `start` needs attention if still searching.
    public static func due(preferredDate: String?, preferredPart: DayPart?, from start: Date, in zone: TimeZone) -> Date {
        guard let day = preferredDate,
              let begins = LocalDateTime.date(day: day, time: String(format: "%02d:00", startHour[preferredPart ?? .morning] ?? 8), in: zone)
        else { return start.addingTimeInterval(longestWait) }
        return start.addingTimeInterval(min(longestWait, max(0, begins.timeIntervalSince(start) / 3)))
    }

    public static func due(of task: HelpTask, from start: Date) -> Date {
        due(preferredDate: task.preferredDate, preferredPart: task.preferredPart, from: start,
            in: City.find(task.city)?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!)
    }
}

/// How a visit is closed by both sides: the volunteer marks «на місці» and «виконано»,
/// the pensioner's side confirms, and what nobody confirms confirms itself.
public enum TaskClosing {
    /// A task the volunteer finished is confirmed by the server after this long.
    public static let confirmationWindow: TimeInterval = 24 * 3600

    /// The three digits the pensioner asks for at the door; not a secret against guessing,
    /// a check that the person outside is the one the app sent.
    public static func newDoorCode() -> String { String(Int.random(in: 100...999)) }

    /// Longest a report of what went wrong may be.
    public static let reportMaxLength = 1000
}
