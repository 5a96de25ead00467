import Fluent
import Foundation
import SQLKit
import Vapor

/// How our SQLite connections share the one write lock.
///
/// SQLiteNIO opens every connection with a busy handler that retries at once, forever,
/// without sleeping. A connection waiting for the write lock then spins on a CPU while
/// the connection holding the lock needs that CPU to finish: on two cores, a full test
/// run had 20 such spinners at once and the lock holders starved until requests waited
/// out the pool's 60 s (503s in the race tests). SQLite's own timed handler
/// (`PRAGMA busy_timeout`) sleeps between tries instead (1 ms growing to 100 ms) and
/// gives up after `busyTimeout` with `SQLITE_BUSY`, which answers 503 like a pool timeout.
enum SQLiteLocking {
    /// As long as a request waits for a pool connection: a request that waited is served.
    static let busyTimeout: Duration = .seconds(60)

    static var busyTimeoutPragma: SQLQueryString {
        "PRAGMA busy_timeout = \(unsafeRaw: String(busyTimeout.components.seconds * 1_000))"
    }

    /// Sets every pool connection to sleep while it waits for the lock (one connection
    /// per event loop, kept open), and the file to the write-ahead log, which lets readers
    /// go on while one connection writes. The log's mode is stored in the file, so once
    /// per start is enough. A database that cannot be opened is reported by /health
    /// rather than stopping the start.
    static func configure(_ application: Application) async {
        for eventLoop in application.eventLoopGroup.makeIterator() {
            guard let sql = application.databases.database(logger: application.logger, on: eventLoop) as? any SQLDatabase else { continue }
            do {
                try await sql.raw(busyTimeoutPragma).run()
            } catch {
                application.logger.warning("Could not set SQLite's busy timeout", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
        guard let sql = application.db as? any SQLDatabase else { return }
        do {
            try await sql.raw("PRAGMA journal_mode=WAL").run()
        } catch {
            application.logger.warning("Could not switch SQLite to WAL mode", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Sets the busy timeout on `connection` again before a write transaction: a pool
    /// replaces a connection that failed, and the new one starts with SQLiteNIO's spinning
    /// handler. The pragma touches no file, so it costs one statement.
    static func sleepWhileWaiting(on connection: any SQLDatabase) async throws {
        try await connection.raw(busyTimeoutPragma).run()
    }
}
