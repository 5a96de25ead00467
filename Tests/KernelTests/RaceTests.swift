import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Concurrency and housekeeping")
    struct RaceTests {
        @Test("20 concurrent sign-ups with one login over real HTTP: exactly one account, the rest 409, never 500")
        func concurrentRegistration() async throws {
            try await withDemo { app in
                try await TestHarness.withLiveServer(app) { base in
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for index in 0..<20 {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/demo-app/api/v1/accounts"), headers: jsonHeaders) { request in
                                    request.body = json(["login": "same@example.org", "password": "password-\(index)", "name": "Racer \(index)"])
                                }.status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .created }.count == 1)
                    #expect(statuses.filter { $0 == .conflict }.count == 19)
                    #expect(try await Account.query(on: app.db).filter(\.$login == "same@example.org").count() == 1)
                }
            }
        }

        @Test("demo data is seeded once, even when two starts race for it")
        func seedOnce() async throws {
            try await withDemo { app in
                async let first: Void = DemoData.seedIfNeeded(app)
                async let second: Void = DemoData.seedIfNeeded(app)
                _ = try await (first, second)
                try await DemoData.seedIfNeeded(app)
                #expect(try await Account.query(on: app.db).filter(\.$login == "demo@example.org").count() == 1)
            }
        }

        @Test("with demo data on, the start seeds it and the banner prints the demo accounts")
        func demoBanner() async throws {
            try await withDemo(adjust: { $0.demoData = true }) { app in
                let seeded = try await Account.query(on: app.db).filter(\.$login == "demo@example.org").count()
                #expect(seeded == 1)
                let banner = DemoData.banner(for: app, address: "http://127.0.0.1:8080")
                #expect(banner.contains("Demo: http://127.0.0.1:8080/demo-app/"))
                #expect(banner.contains("demo-app · member: demo@example.org / demo-password"))
            }
        }

        @Test("only /<app>/api/… is the API: a page with 'api' further down keeps its CSRF check")
        func apiPathsAreExact() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                #expect(try await browser.post("/demo-app/pages/api", form: [:], csrf: false).status == .forbidden)
                #expect(try await browser.post("/demo-app/pages/api", form: [:]).status == .ok)
                let api = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/notes", headers: jsonHeaders, body: json(["title": "x", "count": 1]))
                #expect(api.status == .created, "the API needs no CSRF token")
            }
        }

        @Test("housekeeping removes expired sessions, tokens, old events and failed sign-ins, and keeps the rest")
        func housekeeping() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await makeAccount(app)
                let service = app.kernel.accountService(on: app.db, passwords: app.password.async)
                await #expect(throws: AppError.self) { try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "x", address: "10.0.0.1") }
                _ = try await token(app)
                _ = try await signedIn(app)
                try await app.kernel.events.publish(topic: "t", name: "old", payload: ["n": 1], at: clock.now, on: app.db)

                await Housekeeping.run(on: app.db, kernel: app.kernel, logger: app.logger)
                #expect(try await SQLCount.rows(app, "kernel_web_sessions") == 1, "nothing has expired yet")
                #expect(try await SQLCount.rows(app, "kernel_events") == 1)

                clock.advance(by: 31 * 24 * 3600)
                try await app.kernel.events.publish(topic: "t", name: "new", payload: ["n": 2], at: clock.now, on: app.db)
                await Housekeeping.run(on: app.db, kernel: app.kernel, logger: app.logger)
                #expect(try await SQLCount.rows(app, "kernel_web_sessions") == 0)
                #expect(try await SQLCount.rows(app, "kernel_api_tokens") == 0)
                #expect(try await SQLCount.rows(app, "kernel_login_failures") == 0)
                #expect(try await SQLCount.rows(app, "kernel_events") == 1, "the new event stays")
            }
        }
    }
}

enum SQLCount {
    static func rows(_ app: Application, _ table: String) async throws -> Int {
        try await SQLRows.strings(app, "SELECT CAST(COUNT(*) AS TEXT) FROM \(table)").first.flatMap(Int.init) ?? -1
    }
}
