import Fluent
import Foundation
import Logging
import SQLKit

/// Sends what is due in the outbox, one mail at a time: claims a row (`Outbox.claimNext`),
/// hands the mail to the transport, records the outcome. Several workers (one per server
/// instance) may share a database; two never hold the same mail, and a claim is a lease
/// that lapses if its worker dies. See docs/mail.md.
public final class MailWorker: Sendable {
    public typealias RetryPolicy = Outbox.RetryPolicy

    /// This worker's name in `claimed_by`.
    public let id = UUID().uuidString
    /// How long a claim lasts: far longer than one SMTP conversation may take
    /// (`SMTPSettings.sessionTimeout`), so a live worker's claim never lapses mid-send.
    public static let lease: TimeInterval = 300
    /// How many mails one pass may send before the loop starts another.
    static let passLimit = 100

    let databases: @Sendable () throws -> any Database
    let transport: any MailTransport
    let clock: any WallClock
    let from: MailAddress
    let logger: Logger
    let retry: RetryPolicy
    private let loop: WorkLoop

    /// A worker on one database (tests build two on the same one).
    public convenience init(database: any Database, transport: any MailTransport, clock: any WallClock, from: MailAddress, logger: Logger, retry: RetryPolicy = RetryPolicy()) {
        self.init(databases: { database }, transport: transport, clock: clock, from: from, logger: logger, retry: retry)
    }

    /// A worker that asks `databases` for the database each time (the server's, which
    /// is gone once the application has shut down), and looks for due mail every
    /// `pollInterval` when nobody nudges it.

    public init(databases: @escaping @Sendable () throws -> any Database, transport: any MailTransport, clock: any WallClock, from: MailAddress,
                logger: Logger, retry: RetryPolicy = RetryPolicy(), pollInterval: Duration = .seconds(5)) {
        self.databases = databases
        self.transport = transport
        self.clock = clock
        self.from = from
        self.logger = logger
        self.retry = retry
        let sender = MailSender(databases: databases, transport: transport, clock: clock, from: from, logger: logger, retry: retry, worker: id)
        self.loop = WorkLoop(name: "Mail worker", pollInterval: pollInterval, passLimit: Self.passLimit, logger: logger) {
            try await sender.pass(limit: Self.passLimit).claimed
        }
    }

    // MARK: - One pass

    /// Sends every mail that is due now (up to `limit`), one after another, and returns
    /// how many were sent. A failed mail is rescheduled (or marked failed) and the pass
    /// goes on with the next.
    @discardableResult
    public func deliverDue(limit: Int = 100) async throws -> Int {
        try await sender.pass(limit: limit).sent
    }

    /// Claims the oldest due mail no one holds, or returns nil when there is none.
    func claimNext(on db: any Database) async throws -> MailOutboxRecord? {
        try await sender.claimNext(on: db)
    }

    private var sender: MailSender {
        MailSender(databases: databases, transport: transport, clock: clock, from: from, logger: logger, retry: retry, worker: id)
    }

    // MARK: - The loop

    /// Starts sending in the background: whenever nudged, and every poll interval.
    /// Calling it again does nothing.
    public func start() { loop.start() }

    /// Asks the loop to look at the outbox soon (a mail was just queued).
    public func nudge() { loop.nudge() }

    /// Stops the loop without waiting for it (a send under way finishes by itself).
    public func stopSoon() { loop.stopSoon() }

    /// Stops the loop and waits until a send under way has finished and been recorded.
    public func stop() async { await loop.stop() }
}

/// One worker's passes over the outbox: claim a mail, send it, record the outcome.
struct MailSender: Sendable {
    let databases: @Sendable () throws -> any Database
    let transport: any MailTransport
    let clock: any WallClock
    let from: MailAddress
    let logger: Logger
    let retry: Outbox.RetryPolicy
    /// The worker's name in `claimed_by`.
    let worker: String

    func pass(limit: Int) async throws -> (claimed: Int, sent: Int) {
        let db = try databases()
        var claimed = 0, sent = 0
        while claimed < limit, !Task.isCancelled, let record = try await claimNext(on: db) {
            claimed += 1
            if try await deliver(record, on: db) { sent += 1 }
        }
        return (claimed, sent)
    }

    func claimNext(on db: any Database) async throws -> MailOutboxRecord? {
        guard let claimed = try await Outbox.claimNext(in: MailOutboxRecord.schema, worker: worker, now: clock.now,
                                                       lease: MailWorker.lease, on: db) else { return nil }
        return try await MailOutboxRecord.find(claimed, on: db)
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
            update.set("status", to: SQLBind(OutboxStatus.sent.rawValue)).set("sent_at", to: SQLBind(clock.now))
                .set("last_error", to: SQLLiteral.null)
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
            update.set("status", to: SQLBind((givingUp ? OutboxStatus.failed : .pending).rawValue))
                .set("next_attempt_at", to: SQLBind(retryAt)).set("last_error", to: SQLBind(String(message.prefix(1000))))
        }
    }

    /// Counts the attempt, applies `change` and lets go of the claim — only if this
    /// worker still holds it.
    private func settle(_ record: MailOutboxRecord, on db: any Database, _ change: (SQLUpdateBuilder) -> SQLUpdateBuilder) async throws {
        try await Outbox.settle(try record.requireID(), in: MailOutboxRecord.schema, worker: worker, attempts: record.attempts + 1, on: db, change)
    }
}
