import Fluent
import Foundation
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SQLKit
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    @Suite("Migrations on a database with data")
    struct MigrationTests {
        func feedRows(_ app: Application) async throws -> Int {
            let sql = app.db as! any SQLDatabase
            return try await sql.raw("SELECT count(*) AS n FROM mj_calendar_feeds").first()?.decode(column: "n", as: Int.self) ?? 0
        }

        func feedStatus(_ app: Application, _ path: String) async throws -> HTTPStatus {
            try await app.testing().sendRequest(.GET, path).status
        }

        @Test("moving calendar feeds to the kernel keeps a feed made before the move working; reverting moves it back")
        func calendarFeedsMoveToKernel() async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                let made = try await call(app, .POST, "/me/calendar-feed", token: runner.token).message(MJCalendarFeed.self)
                let path = try #require(URL(string: made.url)?.path)
                #expect(try await feedStatus(app, path) == .ok)

                let migration = MoveCalendarFeedsToKernel()
                try await migration.revert(on: app.db)
                // As before the move: the secret is in MoveJoin's own table only.
                #expect(try await feedRows(app) == 1)
                #expect(try await CalendarFeedSecret.find(runner.id, on: app.db) == nil)
                #expect(try await feedStatus(app, path) == .notFound)

                try await migration.prepare(on: app.db)
                #expect(try await CalendarFeedSecret.find(runner.id, on: app.db) != nil)
                #expect(try await feedStatus(app, path) == .ok)
            }
        }
    }
}
