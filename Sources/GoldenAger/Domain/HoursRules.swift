import Foundation

/// How much of a volunteer's time a done task counts for.
public enum HoursRules {
    /// The real time from acceptance to done, to the nearest minute, but no more than twice
    /// the template's expected time: marking a task done five seconds after accepting it
    /// credited a full hour, and one left open overnight would credit the night.
    public static func credit(acceptedAt: Date, doneAt: Date, expected: Int) -> Int {
        let elapsed = Int((doneAt.timeIntervalSince(acceptedAt) / 60).rounded())
        return min(max(0, elapsed), 2 * expected)
    }

    /// What a coordinator may set a credit to, in minutes (up to a long day's work).
    public static let correctionRange = 0...720
}
