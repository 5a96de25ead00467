import Fluent
import SQLKit

extension Database {
    /// A transaction for changes that must be all-or-nothing under concurrency.
    ///
    /// On PostgreSQL it is an ordinary transaction. On SQLite it starts with
    /// `BEGIN IMMEDIATE`, taking the write lock at once: with the default deferred
    /// transaction, two connections that both read and then write can deadlock and one
    /// gets `SQLITE_BUSY` (a 500) instead of waiting its turn.
    ///
    /// A request that holds an idempotency key marks it in the same transaction
    /// (`IdempotencyClaim`), so the key tells whether the work committed.
    public func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if inTransaction { return try await body(self) }
        let claim = IdempotencyClaim.current
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction { db in
                try await IdempotencyClaim.markWork(claim, on: db)
                return try await body(db)
            }
        }
        return try await withConnection { connection in
            let connectionSQL = connection.sql
            try await SQLiteLocking.sleepWhileWaiting(on: connectionSQL)
            try await connectionSQL.raw("BEGIN IMMEDIATE").run()
            do {
                try await IdempotencyClaim.markWork(claim, on: connection)
                let result = try await body(connection)
                try await connectionSQL.raw("COMMIT").run()
                return result
            } catch {
                try? await connectionSQL.raw("ROLLBACK").run()
                throw error
            }
        }
    }
}

/// The first key of `lockUntilCommit`'s advisory locks (the two-key form), distinct from
/// the event bus's and the login throttle's.
private let namedLockClass: Int32 = 0x6E_61_6D_65

extension Database {
    /// Waits for, then holds until this transaction ends, the lock called `name`: for a
    /// rule over many rows that no unique index can state ("at least one director"), two
    /// transactions that could each break it take their turns. Call it inside
    /// `writeTransaction`. SQLite needs none: `writeTransaction` holds its only write lock.
    public func lockUntilCommit(_ name: String) async throws {
        let sql = self.sql
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: namedLockClass), hashtext(\(bind: name)))").run()
    }
}
