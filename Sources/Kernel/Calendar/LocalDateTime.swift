import Foundation

/// A moment as a wall clock in one time zone shows it, and back: for forms that ask for
/// a date and a time "in the city's time", and for showing stored UTC times.
public struct LocalDateTime: Sendable, Equatable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    /// 1 = Monday … 7 = Sunday.
    public let weekday: Int

    public init(_ date: Date, in zone: TimeZone) {
        let c = Self.calendar(zone).dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        year = c.year!
        month = c.month!
        day = c.day!
        hour = c.hour!
        minute = c.minute!
        weekday = (c.weekday! + 5) % 7 + 1
    }

    /// `2026-11-23`, as `<input type="date">` wants it.
    public var dateString: String { String(format: "%04d-%02d-%02d", year, month, day) }
    /// `19:05`, as `<input type="time">` wants it.
    public var timeString: String { String(format: "%02d:%02d", hour, minute) }
    /// `2026-11-23T19:05`.
    public var isoMinutes: String { "\(dateString)T\(timeString)" }
    /// `23.11.2026`.
    public var dottedDate: String { String(format: "%02d.%02d.%04d", day, month, year) }

    /// The moment a wall clock in `zone` shows `date` (`YYYY-MM-DD`) and `time` (`HH:MM`),
    /// or nil when either does not parse. A time skipped by a daylight-saving change is
    /// moved forward, as clocks do.
    public static func date(day: String, time: String, in zone: TimeZone) -> Date? {
        let d = day.split(separator: "-").compactMap { Int($0) }
        let t = time.split(separator: ":").compactMap { Int($0) }
        guard d.count == 3, t.count == 2 || t.count == 3, day.count == 10,
              (1...12).contains(d[1]), (1...31).contains(d[2]), (0...23).contains(t[0]), (0...59).contains(t[1]) else { return nil }
        let gregorian = Self.calendar(zone)
        // A day the month does not have (31 April) is refused, not rolled into the next month.
        guard let first = gregorian.date(from: DateComponents(year: d[0], month: d[1], day: 1)),
              gregorian.range(of: .day, in: .month, for: first)?.contains(d[2]) == true else { return nil }
        return gregorian.date(from: DateComponents(year: d[0], month: d[1], day: d[2], hour: t[0], minute: t[1]))
    }

    public static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        return calendar
    }
}
