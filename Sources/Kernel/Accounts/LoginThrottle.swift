import Fluent
import Foundation
import Vapor
import SQLKit

/// Refuses sign-in after too many failures, by three rules that keep one person's typos
/// from locking out everyone who shares their address (a care home's Wi-Fi, a reverse
/// proxy). See `docs/decisions/login-throttling.md`.
///
/// - **Pair:** `maximumFailures` failures for one login from one address block that
///   (login, address) pair until the oldest of them leaves the `window`.
/// - **Login:** from `loginSlowdownFailures` failures for one login (from any addresses)
///   each further attempt waits `loginDelay(afterFailures:)` after the last failure, and
///   from `loginLockFailures` the login is locked until the window has let enough go.
/// - **Address:** failures for `addressLockLogins` different logins from one address
///   (credential stuffing) block the address for every login.
///
/// The failures live in the database, not in memory, so the limits hold across server
/// instances; a check is one indexed statement.
public struct LoginThrottle: Sendable {
    /// Failures for one login from one address that block that pair.
    public static let maximumFailures = 5
    /// How long a failure counts.
    public static let window: TimeInterval = 15 * 60
    /// Failures for one login, from any addresses, after which each attempt waits.
    public static let loginSlowdownFailures = 5
    /// Failures for one login, from any addresses, that lock it.
    public static let loginLockFailures = 20
    /// The longest wait between attempts while a login is slowed down. Short enough that
    /// the waits before the lock (603 s in all) fit in the window: a patient guesser
    /// reaches the lock instead of guessing on at one try a wait.
    public static let longestLoginDelay: TimeInterval = 60
    /// Different logins failing from one address that block the address.
    public static let addressLockLogins = 20

    let database: any Database
    let clock: any WallClock

    public init(database: any Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// How long after the last failure a login with `failures` recent failures may be
    /// tried again: 1 s at `loginSlowdownFailures`, doubling with each failure, capped
    /// at `longestLoginDelay`; no wait below `loginSlowdownFailures`.
    public static func loginDelay(afterFailures failures: Int) -> TimeInterval {
        guard failures >= loginSlowdownFailures else { return 0 }
        let doublings = min(failures - loginSlowdownFailures, 30)
        return min(TimeInterval(1 << doublings), longestLoginDelay)
    }

    /// Throws `tooManyAttempts` (429, with `Retry-After` and the time to wait in the
    /// message) while the pair, the login or the address is blocked.
    public func check(app: String, identifier: String, address: String) async throws {
        let now = clock.now
        let recent = try await recentFailures(app: app, identifier: identifier, address: address, since: now.addingTimeInterval(-Self.window))
        guard let unlock = recent.unlockTime(for: address), unlock > now else { return }
        throw Self.tooManyAttempts(wait: unlock.timeIntervalSince(now))
    }

    public func recordFailure(app: String, identifier: String, address: String) async throws {
        let now = clock.now
        try await LoginAttempt(app: app, identifier: identifier, address: address, at: now).create(on: database)
        // Forget this login's failures that can no longer count (by its index; housekeeping
        // clears the rest of the table).
        try await LoginAttempt.query(on: database).filter(\.$app == app).filter(\.$identifier == identifier)
            .filter(\.$at < now.addingTimeInterval(-Self.window)).delete()
    }

    /// A successful sign-in clears the identifier's failures (from every address; other
    /// logins' failures from the same address stay, so stuffing stays visible).
    public func recordSuccess(app: String, identifier: String) async throws {
        try await LoginAttempt.query(on: database).filter(\.$app == app).filter(\.$identifier == identifier).delete()
    }

    /// The 429 for a wait of `seconds`: the message in seconds under a minute, in whole
    /// minutes (rounded up) above.
    static func tooManyAttempts(wait seconds: TimeInterval) -> AppError {
        let wholeSeconds = max(1, Int(seconds.rounded(.up)))
        let headers: HTTPHeaders = ["Retry-After": String(wholeSeconds)]
        if wholeSeconds < 60 {
            return AppError(.tooManyRequests, code: "too_many_attempts", key: "auth.throttled_seconds", count: wholeSeconds, headers: headers)
        }
        let minutes = Int((Double(wholeSeconds) / 60).rounded(.up))
        return AppError(.tooManyRequests, code: "too_many_attempts", key: "auth.throttled", count: minutes, headers: headers)
    }

    /// In one round trip: the login's latest failures (enough to decide the pair and the
    /// login rule — a pair failure older than the login's `loginLockFailures`-th latest
    /// lifts before the login lock does) and, when the address has failed for
    /// `addressLockLogins` different logins, the latest failure of the last of them.
    /// Served by the indexes (app, identifier, at) and (app, address, at).
    private func recentFailures(app: String, identifier: String, address: String, since: Date) async throws -> RecentFailures {
        let sql = database.sql  // both of our drivers are SQL databases
        let table = LoginAttempt.schema
        let rows = try await sql.raw("""
            SELECT 0 AS kind, at, address FROM (
                SELECT at, address FROM \(ident: table)
                WHERE app = \(bind: app) AND identifier = \(bind: identifier) AND at > \(bind: since)
                ORDER BY at DESC LIMIT \(unsafeRaw: String(Self.loginLockFailures))
            ) AS by_login
            UNION ALL
            SELECT 1 AS kind, latest AS at, NULL AS address FROM (
                SELECT MAX(at) AS latest FROM \(ident: table)
                WHERE app = \(bind: app) AND address = \(bind: address) AND at > \(bind: since)
                GROUP BY identifier ORDER BY latest DESC LIMIT 1 OFFSET \(unsafeRaw: String(Self.addressLockLogins - 1))
            ) AS by_address
            """).all()
        var recent = RecentFailures()
        for row in rows {
            let at = try row.decode(column: "at", as: Date.self)
            if try row.decode(column: "kind", as: Int.self) == 0 {
                recent.login.append((at, try row.decode(column: "address", as: String.self)))
            } else {
                recent.addressBlockedSince = at
            }
        }
        recent.login.sort { $0.at > $1.at }
        return recent
    }
}

/// What one check read: the login's latest failures, newest first, and whether the
/// address is blocked for stuffing.
struct RecentFailures {
    var login: [(at: Date, address: String)] = []
    /// The latest failure of the `addressLockLogins`-th most recently failed login from
    /// the address; nil while fewer logins failed from it.
    var addressBlockedSince: Date?

    /// When every rule that blocks a sign-in from `address` has lifted (nil: none blocks).
    func unlockTime(for address: String) -> Date? {
        [pairUnlock(address), loginUnlock, addressBlockedSince.map { $0.addingTimeInterval(LoginThrottle.window) }]
            .compactMap { $0 }.max()
    }

    private func pairUnlock(_ address: String) -> Date? {
        let pair = login.filter { $0.address == address }
        guard pair.count >= LoginThrottle.maximumFailures else { return nil }
        return pair[LoginThrottle.maximumFailures - 1].at.addingTimeInterval(LoginThrottle.window)
    }

    private var loginUnlock: Date? {
        if login.count >= LoginThrottle.loginLockFailures {
            return login[LoginThrottle.loginLockFailures - 1].at.addingTimeInterval(LoginThrottle.window)
        }
        guard let last = login.first, login.count >= LoginThrottle.loginSlowdownFailures else { return nil }
        return last.at.addingTimeInterval(LoginThrottle.loginDelay(afterFailures: login.count))
    }
}
