import Fluent
import Foundation

/// Refuses sign-in after too many failures for one identifier or one address.
///
/// The failures live in the database, not in memory, so the limit holds across
/// server instances.
public struct LoginThrottle: Sendable {
    public static let maximumFailures = 5
    public static let window: TimeInterval = 15 * 60

    let database: any Database
    let clock: any WallClock

    public init(database: any Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// Throws `tooManyAttempts` while either the identifier or the address is locked out.
    public func check(app: String, identifier: String, address: String) async throws {
        let now = clock.now
        let unlockTimes = [
            try await unlockTime(app: app, field: \.$identifier, value: identifier, now: now),
            try await unlockTime(app: app, field: \.$address, value: address, now: now),
        ].compactMap { $0 }
        guard let unlock = unlockTimes.max() else { return }
        let minutes = max(1, Int((unlock.timeIntervalSince(now) / 60).rounded(.up)))
        let seconds = Int(unlock.timeIntervalSince(now).rounded(.up))
        throw AppError(.tooManyRequests, code: "too_many_attempts", key: "auth.throttled",
                       count: minutes, headers: ["Retry-After": String(seconds)])
    }

    public func recordFailure(app: String, identifier: String, address: String) async throws {
        let now = clock.now
        try await LoginAttempt(app: app, identifier: identifier, address: address, at: now).create(on: database)
        // Forget what can no longer count, so the table stays small.
        try await LoginAttempt.query(on: database).filter(\.$at < now.addingTimeInterval(-LoginThrottle.window)).delete()
    }

    /// A successful sign-in clears the identifier's failures (not the address's: one
    /// address guessing many identifiers stays throttled).
    public func recordSuccess(app: String, identifier: String) async throws {
        try await LoginAttempt.query(on: database).filter(\.$app == app).filter(\.$identifier == identifier).delete()
    }

    /// When the lock for one key lifts, or `nil` if it is not locked.
    private func unlockTime(app: String, field: KeyPath<LoginAttempt, FieldProperty<LoginAttempt, String>>, value: String, now: Date) async throws -> Date? {
        let recent = try await LoginAttempt.query(on: database)
            .filter(\.$app == app)
            .filter(field == value)
            .filter(\.$at > now.addingTimeInterval(-LoginThrottle.window))
            .sort(\.$at, .descending)
            .limit(LoginThrottle.maximumFailures)
            .all()
        guard recent.count >= LoginThrottle.maximumFailures, let oldestCounted = recent.last else { return nil }
        return oldestCounted.at.addingTimeInterval(LoginThrottle.window)
    }
}
