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

    /// By arithmetic on the zone's offset at that moment, not `Calendar`: lists show a
    /// time for every row, and Foundation's calendar calculations are slow on Linux.
    public init(_ date: Date, in zone: TimeZone) {
        let local = Int((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down))
        let days = Int((Double(local) / 86_400).rounded(.down))
        let seconds = local - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = seconds / 3600
        minute = (seconds % 3600) / 60
        // 1970-01-01 was a Thursday (4).
        weekday = ((days % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// Year, month, day of a day count since 1970-01-01 in the proleptic Gregorian
    /// calendar (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    // (Zero-padding by hand: `String(format:)` showed up in profiles of the event list.)

    /// `2026-11-23`, as `<input type="date">` wants it.
    public var dateString: String { "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))" }
    /// `19:05`, as `<input type="time">` wants it.
    public var timeString: String { "\(Self.pad(hour)):\(Self.pad(minute))" }
    /// `2026-11-23T19:05`.
    public var isoMinutes: String { "\(dateString)T\(timeString)" }
    /// `23.11.2026`.
    public var dottedDate: String { "\(Self.pad(day)).\(Self.pad(month)).\(Self.pad(year, 4))" }

    static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

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
