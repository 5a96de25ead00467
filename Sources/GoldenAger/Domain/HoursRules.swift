import Foundation

/// How much of a volunteer's time a done task counts for.
public enum HoursRules {
    /// The real time from the volunteer's «на місці» to «виконано» (or from acceptance to
    /// the pensioner's confirmation when the volunteer marked neither), to the nearest
    /// minute, but no more than twice the template's expected time: a task closed a
    /// minute after acceptance credits a minute, and one left open overnight not the night.
    public static func credit(from start: Date, to end: Date, expected: Int) -> Int {
        let elapsed = Int((end.timeIntervalSince(start) / 60).rounded())
        return min(max(0, elapsed), 2 * expected)
    }

    /// What a coordinator may set a credit to, in minutes (up to a long day's work).
    public static let correctionRange = 0...720
}
