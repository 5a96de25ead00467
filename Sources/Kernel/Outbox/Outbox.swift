import Fluent
import Foundation
import SQLKit

/// What the kernel's outboxes share (mail, Web Push): a table of pending work written in
/// the transaction of the change that causes it, claimed one row at a time by a worker on
/// any instance, retried with a growing wait, and kept afterwards as sent or failed.
///
/// Every outbox table has the columns `status` (`OutboxStatus`), `attempts`,
/// `next_attempt_at`, `claimed_until`, `claimed_by`, `last_error`, `created_at` and
/// `sent_at`, and an index on `(status, next_attempt_at)`.
public enum Outbox {
    /// When to try again after a failure, and when to give up.
    public struct RetryPolicy: Sendable {
        /// The wait after the first failure; it doubles after each further one…
        public var firstDelay: TimeInterval = 30
        /// …up to this.
        public var longestDelay: TimeInterval = 3600
        /// After this many failed attempts the row is marked failed.
        public var maxAttempts = 10

        public init() {}

        /// The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … 1 h.
        public func delay(afterAttempt attempts: Int) -> TimeInterval {
            min(firstDelay * pow(2, Double(max(attempts - 1, 0))), longestDelay)
        }
    }

    /// Claims the oldest due row of `table` no worker holds, until `now + lease`, for
    /// `worker`; nil when there is none. One `UPDATE … RETURNING` whose row is picked
    /// with `FOR UPDATE SKIP LOCKED` on PostgreSQL (on SQLite, one writer at a time, the
    /// single statement is enough), so two workers never hold the same row, and a claim
    /// lapses if its worker dies.
    public static func claimNext(in table: String, worker: String, now: Date, lease: TimeInterval, on db: any Database) async throws -> UUID? {
        guard let sql = db as? any SQLDatabase else { throw OutboxError.needsSQLDatabase }
        let skipLocked: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
        let row = try await sql.raw("""
            UPDATE \(ident: table) SET claimed_until = \(bind: now.addingTimeInterval(lease)), claimed_by = \(bind: worker)
            WHERE id = (SELECT id FROM \(ident: table)
                        WHERE status = \(bind: OutboxStatus.pending.rawValue) AND next_attempt_at <= \(bind: now)
                          AND (claimed_until IS NULL OR claimed_until < \(bind: now))
                        ORDER BY next_attempt_at LIMIT 1\(skipLocked))
            RETURNING id
            """).first()
        return try row?.decode(column: "id", as: UUID.self)
    }

    /// Counts an attempt on a claimed row and lets go of the claim, only if `worker` still
    /// holds it, setting `changes` too (a status, the next attempt, the last error).
    public static func settle(_ id: UUID, in table: String, worker: String, attempts: Int, on db: any Database,
                              _ changes: (SQLUpdateBuilder) -> SQLUpdateBuilder) async throws {
        guard let sql = db as? any SQLDatabase else { throw OutboxError.needsSQLDatabase }
        let update = sql.update(table).set("attempts", to: SQLBind(attempts)).set("claimed_until", to: SQLLiteral.null)
            .where("id", .equal, SQLBind(id)).where("claimed_by", .equal, SQLBind(worker))
        try await changes(update).run()
    }
}

extension SchemaBuilder {
    /// The columns every outbox table has (`Outbox`), after its own.
    public func outboxFields() -> SchemaBuilder {
        // A plain string, not a database enum: adding a status later needs no ALTER TYPE.
        self.field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .field("claimed_by", .string)
            .field("last_error", .string)
            .field("created_at", .datetime, .required)
            .field("sent_at", .datetime)
    }
}

extension SQLDatabase {
    /// The index a worker's question uses: which pending rows are due?
    public func createOutboxIndex(_ name: String, on table: String) async throws {
        try await create(index: name).on(table).column("status").column("next_attempt_at").run()
    }
}

/// Where an outbox row stands.
public enum OutboxStatus: String, Codable, Sendable {
    /// Waiting for `next_attempt_at` (or for a worker to get to it).
    case pending
    /// Delivered.
    case sent
    /// Given up: refused for good, or every attempt failed. `last_error` says why.
    case failed
}

enum OutboxError: Error, CustomStringConvertible {
    case needsSQLDatabase

    var description: String { "an outbox needs an SQL database (SQLite or PostgreSQL)" }
}
