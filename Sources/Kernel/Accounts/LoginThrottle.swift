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
/// instances. An attempt is reserved before its password is checked (`reserve`: under
/// per-login and per-address locks, one indexed read and an insert), so attempts that
/// arrive together cannot all pass the check before any of them has failed.
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

    /// Reserves one attempt for `identifier` from `address`, or throws `tooManyAttempts`
    /// (429, with `Retry-After` and the time to wait in the message) while the pair, the
    /// login or the address is blocked. The reservation is stored as a failure before the
    /// password is checked, so attempts that arrive together count each other: however
    /// many wrong passwords for one login arrive at once, at most `maximumFailures` per
    /// address are checked. The decision is taken under a lock on the login and one on the
    /// address (PostgreSQL's advisory locks; SQLite's write lock), so it holds across
    /// server instances. Settle it with `failed`, `succeeded` or `release`.
    public func reserve(app: String, identifier: String, address: String) async throws -> Reservation {
        // Attempts for one login wait their turn in this process first, holding no database
        // connection: a burst queued on the advisory lock instead held one connection
        // each and ran the pool dry (503s) on a busy server.
        try await Self.queue.inTurn(for: app + "\u{1F}" + identifier) {
            try await reserveInTurn(app: app, identifier: identifier, address: address)
        }
    }

    private func reserveInTurn(app: String, identifier: String, address: String) async throws -> Reservation {
        try await database.writeTransaction { db in
            try await Self.lock(app: app, identifier: identifier, address: address, on: db)
            let now = clock.now
            let recent = try await Self.recentFailures(app: app, identifier: identifier, address: address,
                                                       since: now.addingTimeInterval(-Self.window), on: db)
            if let unlock = recent.unlockTime(for: address), unlock > now {
                throw Self.tooManyAttempts(wait: unlock.timeIntervalSince(now))
            }
            let attempt = LoginAttempt(app: app, identifier: identifier, address: address, at: now)
            try await attempt.create(on: db)
            return Reservation(id: try attempt.requireID(), app: app, identifier: identifier)
        }
    }

    /// The password (or code) was wrong: the reservation stays, counted as a failure.
    /// The login's failures that can no longer count go (by its index; housekeeping clears
    /// the rest of the table).
    public func failed(_ reservation: Reservation) async throws {
        try await LoginAttempt.query(on: database).filter(\.$app == reservation.app).filter(\.$identifier == reservation.identifier)
            .filter(\.$at < clock.now.addingTimeInterval(-Self.window)).delete()
    }

    /// A successful sign-in clears the login's failures (from every address; other logins'
    /// failures from the same address stay, so stuffing stays visible), its reservation
    /// with them.
    public func succeeded(_ reservation: Reservation) async throws {
        try await LoginAttempt.query(on: database).filter(\.$app == reservation.app)
            .filter(\.$identifier == reservation.identifier).delete()
    }

    /// The attempt ended without a verdict on the password that should count (the right
    /// password of a deactivated account, a confirmation that matched): only the
    /// reservation goes, earlier failures stay.
    public func release(_ reservation: Reservation) async throws {
        try await LoginAttempt.query(on: database).filter(\.$id == reservation.id).delete()
    }

    /// Runs `check` inside a reservation: `check` answers whether the password (or code)
    /// was right. Right settles it as `succeeded` (or `release` when `clearsFailures` is
    /// false), wrong as `failed`; an error thrown by `check` releases it.
    public func attempt(app: String, identifier: String, address: String, clearsFailures: Bool = true,
                        _ check: () async throws -> Bool) async throws -> Bool {
        let reservation = try await reserve(app: app, identifier: identifier, address: address)
        let right: Bool
        do {
            right = try await check()
        } catch {
            try? await release(reservation)
            throw error
        }
        if !right {
            try await failed(reservation)
        } else if clearsFailures {
            try await succeeded(reservation)
        } else {
            try await release(reservation)
        }
        return right
    }

    /// One attempt reserved by `reserve`.
    public struct Reservation: Sendable {
        let id: UUID
        let app: String
        let identifier: String
    }

    /// The process-wide queue of reservations per login (`reserve`).
    static let queue = TurnQueue()

    /// The advisory locks' first keys (the two-key form), distinct from the event bus's.
    static let loginLockClass: Int32 = 0x6C_6F_67_6E
    static let addressLockClass: Int32 = 0x6C_61_64_72

    /// Takes the login's lock, then the address's, until the transaction ends: every
    /// reservation takes them in that order, so two never wait for each other in a cycle.
    /// SQLite needs none: `writeTransaction` holds its only write lock already.
    private static func lock(app: String, identifier: String, address: String, on database: any Database) async throws {
        let sql = database.sql
        guard sql.dialect.name == "postgresql" else { return }
        // Two statements: the order of calls within one SELECT list is not guaranteed.
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: loginLockClass), hashtext(\(bind: app + "\u{1F}" + identifier)))").run()
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: addressLockClass), hashtext(\(bind: app + "\u{1F}" + address)))").run()
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
    private static func recentFailures(app: String, identifier: String, address: String, since: Date,
                                       on database: any Database) async throws -> RecentFailures {
        let sql = database.sql  // both of our drivers are SQL databases
        let table = LoginAttempt.schema
        let rows = try await sql.raw("""
            SELECT 0 AS kind, at, address FROM (
                SELECT at, address FROM \(ident: table)
                WHERE app = \(bind: app) AND identifier = \(bind: identifier) AND at > \(bind: since)
                ORDER BY at DESC LIMIT \(unsafeRaw: String(loginLockFailures))
            ) AS by_login
            UNION ALL
            SELECT 1 AS kind, latest AS at, NULL AS address FROM (
                SELECT MAX(at) AS latest FROM \(ident: table)
                WHERE app = \(bind: app) AND address = \(bind: address) AND at > \(bind: since)
                GROUP BY identifier ORDER BY latest DESC LIMIT 1 OFFSET \(unsafeRaw: String(addressLockLogins - 1))
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

/// Runs work for one key at a time, in arrival order, without blocking a thread: the
/// others wait as suspended tasks.
actor TurnQueue {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func inTurn<T: Sendable>(for key: String, _ work: @Sendable () async throws -> T) async throws -> T {
        await take(key)
        defer { pass(key) }
        return try await work()
    }

    private func take(_ key: String) async {
        if waiting[key] == nil {
            waiting[key] = []
            return
        }
        await withCheckedContinuation { waiting[key]!.append($0) }
    }

    private func pass(_ key: String) {
        guard var queue = waiting[key], !queue.isEmpty else {
            waiting[key] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue
        next.resume()
    }
}
