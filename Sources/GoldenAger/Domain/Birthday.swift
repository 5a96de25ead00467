import Foundation

/// A date of birth as typed (`12.03.1950`, `12/03/1950` or `1950-03-12`), kept as
/// `YYYY-MM-DD`. It must be a real calendar date in the past, not before 1900.
public struct Birthday: Sendable, Hashable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public enum Problem: Error, Sendable { case notADate, inTheFuture, tooOld }

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Parses and checks against `today` (in the person's time zone).
    public static func parse(_ input: String, today: Date, timeZone: TimeZone) -> Result<Birthday, Problem> {
        let text = input.trimmingCharacters(in: .whitespaces)
        let parts: [Int]
        let iso = text.split(separator: "-", omittingEmptySubsequences: false)
        let local = text.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
        if iso.count == 3, iso[0].count == 4 {
            parts = iso.compactMap { Int($0) }
        } else if local.count == 3, local[2].count == 4 {
            parts = [local[2], local[1], local[0]].compactMap { Int($0) }
        } else {
            return .failure(.notADate)
        }
        guard parts.count == 3 else { return .failure(.notADate) }
        let candidate = Birthday(year: parts[0], month: parts[1], day: parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // A real date: Feb 30 does not survive the round trip through the calendar.
        guard (1...12).contains(candidate.month), (1...31).contains(candidate.day),
              let date = calendar.date(from: DateComponents(year: candidate.year, month: candidate.month, day: candidate.day)),
              calendar.component(.day, from: date) == candidate.day, calendar.component(.month, from: date) == candidate.month
        else { return .failure(.notADate) }
        guard candidate.year >= 1900 else { return .failure(.tooOld) }
        guard date < calendar.startOfDay(for: today) else { return .failure(.inTheFuture) }
        return .success(candidate)
    }

    /// Full years on `today` (in `timeZone`).
    public func age(on today: Date, in timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let now = calendar.dateComponents([.year, .month, .day], from: today)
        let hadBirthday = (now.month!, now.day!) >= (month, day)
        return now.year! - year - (hadBirthday ? 0 : 1)
    }

    /// `12.03.1950`, as people in Ukraine write it (used in both languages' forms).
    public var typed: String { String(format: "%02d.%02d.%04d", day, month, year) }
}
