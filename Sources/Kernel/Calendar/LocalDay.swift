import Foundation

/// A calendar day as people name it (`2026-03-29`), without a time zone until one is
/// given: the day's first moment, a wall-clock time on it and its length (23 or 25 hours
/// across a daylight-saving change) all depend on the zone.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real day of the proleptic Gregorian calendar; nil for 2026-02-30 and the like.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        guard LocalDateTime.civil(fromDays: days) == (year, month, day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, as `<input type="date">` sends it.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day a wall clock in `zone` shows at `date`.
    public init(_ date: Date, in zone: TimeZone) {
        let local = LocalDateTime(date, in: zone)
        self.init(daysSinceEpoch: Self.days(year: local.year, month: local.month, day: local.day))
    }

    init(daysSinceEpoch days: Int) {
        (year, month, day) = LocalDateTime.civil(fromDays: days)
    }

    public var description: String {
        LocalDateTime.pad(year, 4) + "-" + LocalDateTime.pad(month) + "-" + LocalDateTime.pad(day)
    }

    /// `23.11`, as a heading shows a day of this year.
    public var dayMonth: String { LocalDateTime.pad(day) + "." + LocalDateTime.pad(month) }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { Self.days(year: year, month: month, day: day) }

    public func adding(days: Int) -> LocalDay { LocalDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// 1 = Monday … 7 = Sunday.
    public var weekday: Int { ((daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1 }

    /// The Monday of this day's week (weeks start on Monday).
    public var monday: LocalDay { adding(days: 1 - weekday) }

    /// The first moment of the day in `zone` (midnight, or the first moment after it when
    /// a daylight-saving change skips midnight).
    public func start(in zone: TimeZone) -> Date { moment(minutes: 0, in: zone) }

    /// The moment a wall clock in `zone` shows `minutes` after midnight on this day;
    /// 24:00 is the next day's start. A time skipped by a daylight-saving change is moved
    /// forward, as clocks do.
    public func moment(minutes: Int, in zone: TimeZone) -> Date {
        if minutes >= 24 * 60 { return adding(days: 1).moment(minutes: minutes - 24 * 60, in: zone) }
        let calendar = LocalDateTime.calendar(zone)
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: minutes / 60, minute: minutes % 60))!
    }

    /// From this day's first moment to the next day's: 23, 24 or 25 hours.
    public func interval(in zone: TimeZone) -> DateInterval {
        DateInterval(start: start(in: zone), end: adding(days: 1).start(in: zone))
    }

    /// The week holding this day, Monday to Monday, in `zone`.
    public func weekInterval(in zone: TimeZone) -> DateInterval {
        DateInterval(start: monday.start(in: zone), end: monday.adding(days: 7).start(in: zone))
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
