import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import SQLKit
import Testing
import Vapor

extension KernelTests {
    /// SQLite only: PostgreSQL has no single write lock to wait for.
    @Suite("SQLite's write lock", .enabled(if: !TestHarness.isPostgres))
    struct SQLiteLockingTests {
        @Test("every connection sleeps while it waits for the write lock; a write transaction sets it again")
        func busyTimeoutOnEveryConnection() async throws {
            try await withDemo { app in
                let databases = try connections(app)
                for database in databases {
                    #expect(try await busyTimeout(database.sql) == 60_000)
                }
                // A connection the pool opened afresh has SQLiteNIO's spinning handler (0 here).
                try await databases[0].sql.raw("PRAGMA busy_timeout = 0").run()
                try await databases[0].writeTransaction { _ in }
                #expect(try await busyTimeout(databases[0].sql) == 60_000)
            }
        }

        @Test("a write that waited out the timeout for another's lock is a 503 to retry, not a 500")
        func busyIsUnavailable() async throws {
            try await withDemo { app in
                let databases = try connections(app)
                try await databases[0].withConnection { holder in
                    try await holder.sql.raw("BEGIN IMMEDIATE").run()
                    do {
                        try await databases[1].withConnection { waiter in
                            try await waiter.sql.raw("PRAGMA busy_timeout = 50").run()
                            do {
                                try await waiter.sql.raw("CREATE TABLE busy_probe (x INTEGER)").run()
                                Issue.record("wrote while another connection held the write lock")
                            } catch {
                                let problem = KernelErrorMiddleware.classify(error)
                                #expect(problem.status == .serviceUnavailable && problem.code == "unavailable", "\(error)")
                            }
                            try await waiter.sql.raw(SQLiteLocking.busyTimeoutPragma).run()
                        }
                    } catch {
                        try? await holder.sql.raw("ROLLBACK").run()
                        throw error
                    }
                    try await holder.sql.raw("ROLLBACK").run()
                }
            }
        }

        /// The pool's databases, one per event loop: each holds its own connection.
        func connections(_ app: Application) throws -> [any Database] {
            let databases = app.eventLoopGroup.makeIterator().compactMap { app.databases.database(logger: app.logger, on: $0) }
            try #require(databases.count >= 2, "two event loops give two connections")
            return databases
        }

        func busyTimeout(_ sql: any SQLDatabase) async throws -> Int? {
            let row = try await sql.raw("PRAGMA busy_timeout").first()
            return try row.map { try $0.decode(column: $0.allColumns[0], as: Int.self) }
        }
    }
}
