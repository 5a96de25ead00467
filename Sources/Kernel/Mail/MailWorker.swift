import Fluent
import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// Sends what is due in the outbox, one mail at a time: claims a row, hands the mail
/// to the transport, records the outcome. Several workers (one per server instance)
/// may share a database: a claim is an `UPDATE … RETURNING` whose row was picked with
/// `FOR UPDATE SKIP LOCKED` on PostgreSQL (on SQLite, one writer at a time, the single
/// statement is enough), so two workers never hold the same mail, and a claim is a
/// lease that lapses if its worker dies. See docs/mail.md.
public final class MailWorker: Sendable {
    /// When to try again after a failure, and when to give up.
    public struct RetryPolicy: Sendable {
        /// The wait after the first failure; it doubles after each further one…
        public var firstDelay: TimeInterval = 30
        /// …up to this.
        public var longestDelay: TimeInterval = 3600
        /// After this many failed attempts the mail is marked failed.
        public var maxAttempts = 10

        public init() {}

        /// The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … 1 h.
        public func delay(afterAttempt attempts: Int) -> TimeInterval {
            min(firstDelay * pow(2, Double(max(attempts - 1, 0))), longestDelay)
        }
    }

    /// This worker's name in `claimed_by`.
    public let id = UUID().uuidString
    /// How long a claim lasts: far longer than one SMTP conversation may take
    /// (`SMTPSettings.sessionTimeout`), so a live worker's claim never lapses mid-send.
    public static let lease: TimeInterval = 300
    /// How often the loop looks for due mail when nobody nudges it.
    public static let pollInterval: Duration = .seconds(5)

    let databases: @Sendable () throws -> any Database
    let transport: any MailTransport
    let clock: any WallClock
    let from: MailAddress
    let logger: Logger
    let retry: RetryPolicy
    private let doorbell = Doorbell()
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// A worker on one database (tests build two on the same one).
    public convenience init(database: any Database, transport: any MailTransport, clock: any WallClock, from: MailAddress, logger: Logger, retry: RetryPolicy = RetryPolicy()) {
        self.init(databases: { database }, transport: transport, clock: clock, from: from, logger: logger, retry: retry)
    }

    /// A worker that asks `databases` for the database each time (the server's, which
    /// is gone once the application has shut down).
    public init(databases: @escaping @Sendable () throws -> any Database, transport: any MailTransport, clock: any WallClock, from: MailAddress, logger: Logger, retry: RetryPolicy = RetryPolicy()) {
        self.databases = databases
        self.transport = transport
        self.clock = clock
        self.from = from
        self.logger = logger
        self.retry = retry
    }

    // MARK: - One pass

    /// Sends every mail that is due now (up to `limit`), one after another, and returns
    /// how many were sent. A failed mail is rescheduled (or marked failed) and the pass
    /// goes on with the next.
    @discardableResult
    public func deliverDue(limit: Int = 100) async throws -> Int {
        try await pass(limit: limit).sent
    }

    private func pass(limit: Int) async throws -> (claimed: Int, sent: Int) {
        let db = try databases()
        var claimed = 0, sent = 0
        while claimed < limit, !Task.isCancelled, let record = try await claimNext(on: db) {
            claimed += 1
            if try await deliver(record, on: db) { sent += 1 }
        }
        return (claimed, sent)
    }

    /// Claims the oldest due mail no one holds, or returns nil when there is none.
    func claimNext(on db: any Database) async throws -> MailOutboxRecord? {
        guard let sql = db as? any SQLDatabase else { throw MailWorkerError.needsSQLDatabase }
        let now = clock.now
        let skipLocked: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
        let table = MailOutboxRecord.schema
        let row = try await sql.raw("""
            UPDATE \(ident: table) SET claimed_until = \(bind: now.addingTimeInterval(Self.lease)), claimed_by = \(bind: id)
            WHERE id = (SELECT id FROM \(ident: table)
                        WHERE status = \(bind: MailOutboxRecord.Status.pending.rawValue) AND next_attempt_at <= \(bind: now)
                          AND (claimed_until IS NULL OR claimed_until < \(bind: now))
                        ORDER BY next_attempt_at LIMIT 1\(skipLocked))
            RETURNING id
            """).first()
        guard let claimedID = try row?.decode(column: "id", as: UUID.self) else { return nil }
        return try await MailOutboxRecord.find(claimedID, on: db)
    }

    /// Sends one claimed mail and records what happened; true when it was sent.
    private func deliver(_ record: MailOutboxRecord, on db: any Database) async throws -> Bool {
        do {
            let to = try MailAddress(parsing: record.recipient)
            let prepared = PreparedMail(mail: record.mail, from: from, to: to, messageID: record.messageID, date: record.createdAt)
            try await transport.send(prepared)
        } catch {
            try await recordFailure(of: record, error: error, on: db)
            return false
        }
        try await settle(record, on: db) { update in
            update.set(\.$status, to: .sent).set(\.$sentAt, to: clock.now).set(\.$lastError, to: nil)
        }
        return true
    }

    private func recordFailure(of record: MailOutboxRecord, error: any Error, on db: any Database) async throws {
        let attempts = record.attempts + 1
        let permanent = (error as? any MailDeliveryFailure)?.isPermanent == true || error is MailError
        let givingUp = permanent || attempts >= retry.maxAttempts
        let message = String(describing: error)
        let retryAt = clock.now.addingTimeInterval(retry.delay(afterAttempt: attempts))
        logger.warning(givingUp ? "Mail not delivered; giving up" : "Mail not delivered; will try again", metadata: [
            "message-id": .string(record.messageID), "attempts": .stringConvertible(attempts), "error": .string(message),
        ])
        try await settle(record, on: db) { update in
            update.set(\.$status, to: givingUp ? .failed : .pending).set(\.$nextAttemptAt, to: retryAt)
                .set(\.$lastError, to: String(message.prefix(1000)))
        }
    }

    /// Counts the attempt, applies `change` and lets go of the claim — only if this
    /// worker still holds it.
    private func settle(_ record: MailOutboxRecord, on db: any Database, _ change: (QueryBuilder<MailOutboxRecord>) -> QueryBuilder<MailOutboxRecord>) async throws {
        let query = try MailOutboxRecord.query(on: db).filter(\.$id == record.requireID()).filter(\.$claimedBy == id)
            .set(\.$attempts, to: record.attempts + 1).set(\.$claimedUntil, to: nil)
        try await change(query).update()
    }

    // MARK: - The loop

    /// Starts sending in the background: whenever nudged, and every `pollInterval`.
    /// Calling it again does nothing.
    public func start() {
        loop.withLockedValue { task in
            guard task == nil else { return }
            task = Task { await self.run() }
        }
    }

    /// Asks the loop to look at the outbox soon (a mail was just queued).
    public func nudge() {
        doorbell.ring()
    }

    /// Stops the loop without waiting for it (a send under way finishes by itself).
    public func stopSoon() {
        loop.withLockedValue { $0?.cancel() }
    }

    /// Stops the loop and waits until a send under way has finished and been recorded.
    public func stop() async {
        let task = loop.withLockedValue { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    /// Waits first, so that a short-lived command (`hromada migrate`, which also boots
    /// the application) ends before the worker touches a database it may be changing.
    private func run() async {
        while !Task.isCancelled {
            if await doorbell.wait(upTo: Self.pollInterval) {
                // The nudge comes from inside the transaction that queued the mail: give
                // it a moment to commit. A mail that is not visible yet goes with the next poll.
                try? await Task.sleep(for: .milliseconds(250))
            }
            await sendWhatIsDue()
        }
    }

    /// Passes until one finds fewer mails than it may take.
    private func sendWhatIsDue() async {
        let limit = 100
        while !Task.isCancelled {
            do {
                guard try await pass(limit: limit).claimed == limit else { return }
            } catch {
                if !Task.isCancelled { logger.warning("Mail worker pass failed", metadata: ["error": .string(String(reflecting: error))]) }
                return
            }
        }
    }
}

/// Wakes the worker's loop: `ring()` ends a `wait`, or is remembered until the next one.
/// (An `AsyncStream` would not do: cancelling a wait on it ends the stream for good.)
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
        var lastID = 0
        /// A wait whose time ran out (or was cancelled) before it started waiting.
        var expired: Int?
    }

    private let state = NIOLockedValueBox(State())

    func ring() {
        wake(rung: true)
    }

    /// True when rung (now or since the last wait); false after `timeout` or on cancellation.
    func wait(upTo timeout: Duration) async -> Bool {
        let id = state.withLockedValue { state in
            state.lastID += 1
            return state.lastID
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.wake(rung: false, onlyWait: id)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = state.withLockedValue { state in
                    if state.rung {
                        state.rung = false
                        return true
                    }
                    if state.expired == id { return false }
                    state.waiter = (id, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            self.wake(rung: false, onlyWait: id)
        }
    }

    /// Resumes the waiter with `rung`; with no waiter, a ring is remembered and a
    /// time-out marks its wait as over before it began.
    private func wake(rung: Bool, onlyWait id: Int? = nil) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter, id == nil || waiter.id == id else {
                if rung { state.rung = true } else { state.expired = id }
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: rung)
    }
}

enum MailWorkerError: Error, CustomStringConvertible {
    case needsSQLDatabase

    var description: String { "the mail outbox needs an SQL database (SQLite or PostgreSQL)" }
}
