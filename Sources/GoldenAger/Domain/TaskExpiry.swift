import Foundation
import Kernel

/// A request nobody accepts does not wait for ever: an older person who ordered help for
/// this morning should learn that nobody is coming, not find an open order a week later.
/// A task still searching at its deadline is cancelled by the server (`TaskAction.expired`);
/// `warning` before that, the pensioner and their relatives are told it is about to be,
/// while there is time to call someone or order again.
public enum TaskExpiry {
    /// Without a preferred day: three days of looking.
    public static let withoutPreferredDay: TimeInterval = 72 * 3600
    /// Never less than this from the order (or from a change that restarts the wait).
    public static let minimumWait: TimeInterval = 3 * 3600
    /// How long before the deadline the pensioner is warned.
    public static let warning: TimeInterval = 2 * 3600
    /// Where each part of a preferred day ends; a day without a part ends at the evening's end.
    static let endHour: [DayPart: Int] = [.morning: 12, .afternoon: 17, .evening: 21]

    /// The deadline of a task whose wait starts at `start` (its order, or a change of its
    /// preferred time, or a volunteer giving it back): the end of the preferred day (or
    /// part of it), but at least `minimumWait` on; without a preferred day,
    /// `withoutPreferredDay` on.
    public static func deadline(preferredDate: String?, preferredPart: DayPart?, from start: Date, in zone: TimeZone) -> Date {
        let earliest = start.addingTimeInterval(minimumWait)
        guard let day = preferredDate,
              let end = LocalDateTime.date(day: day, time: String(format: "%02d:00", endHour[preferredPart ?? .evening] ?? 21), in: zone)
        else { return start.addingTimeInterval(withoutPreferredDay) }
        return max(end, earliest)
    }

    public static func deadline(of task: HelpTask, from start: Date) -> Date {
        deadline(preferredDate: task.preferredDate, preferredPart: task.preferredPart, from: start,
                 in: City.find(task.city)?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!)
    }
}
