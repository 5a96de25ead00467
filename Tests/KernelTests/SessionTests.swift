import Fluent
import SQLKit
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("Web sessions and CSRF")
    struct SessionTests {
        @Test("a way back (`next`) is a path on this site, percent-encoded; anything else is dropped")
        func returningPath() {
            #expect(Request.path("/a/login", returningTo: "/a/tests/1") == "/a/login?next=/a/tests/1")
            #expect(Request.path("/a/login", returningTo: "/a/x?y=1&z") == "/a/login?next=/a/x%3Fy%3D1%26z")
            for elsewhere in [nil, "", "//evil.example/", "https://evil.example/", "a/relative", "/back\\slash"] {
                #expect(Request.path("/a/login", returningTo: elsewhere) == "/a/login", "\(elsewhere ?? "nil")")
            }
        }

        @Test("signing in sets an HttpOnly, SameSite=Lax session cookie, stored hashed in the database, with a new id")
        func signInCookie() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = TestBrowser(app)
                let redirected = try await browser.get("/demo-app/")
                #expect(redirected.status == .seeOther)
                #expect(redirected.headers.first(name: .location) == "/demo-app/login?next=/demo-app/")

                let response = try await signIn(browser)
                #expect(response.status == .seeOther)
                let cookie = try #require(response.setCookie("hromada_session"))
                #expect(cookie.contains("HttpOnly"))
                #expect(cookie.contains("SameSite=Lax"))
                #expect(!cookie.contains("Secure"))
                let token = try #require(browser.cookies["hromada_session"])
                let stored = try await SQLRows.strings(app, "SELECT token_hash FROM kernel_web_sessions")
                #expect(stored.count == 1)
                #expect(!stored.contains(token))
                #expect(stored.first == SecretToken.hash(token))

                let home = try await browser.get("/demo-app/")
                #expect(home.status == .ok)
                #expect(home.text.contains("Вітаємо, Олена!"))
                #expect(home.text.contains("Ви увійшли."), "the flash shows once after sign-in")
                let again = try await browser.get("/demo-app/")
                #expect(!again.text.contains("Ви увійшли."))
            }
        }

        @Test("each sign-in issues a new session id and deletes the old session")
        func sessionFixation() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = TestBrowser(app)
                // First sign-in creates a session; signing out keeps the (now empty) browser id away.
                try await signIn(browser)
                let first = try #require(browser.cookies["hromada_session"])
                try await signIn(browser)
                let second = try #require(browser.cookies["hromada_session"])
                #expect(first != second)
                let count = try await SQLRows.strings(app, "SELECT token_hash FROM kernel_web_sessions").count
                #expect(count == 1, "the old session record is deleted")
            }
        }

        @Test("cookies are Secure when the server is configured for HTTPS")
        func secureCookies() async throws {
            try await withDemo(adjust: { $0.secureCookies = true }) { app in
                try await makeAccount(app)
                let browser = TestBrowser(app)
                let response = try await signIn(browser)
                #expect(try #require(response.setCookie("hromada_session")).contains("Secure"))
                let landing = try await TestBrowser(app).get("/")
                #expect(try #require(landing.setCookie("hromada_csrf")).contains("Secure"))
            }
        }

        @Test("another server instance on the same database serves the same session")
        func sharedAcrossInstances() async throws {
            try await TestHarness.withDatabase { database, channel in
                let cookie = try await TestHarness.withApplication(on: database, channel: channel, apps: [DemoApp()]) { first in
                    try await makeAccount(first)
                    let browser = TestBrowser(first)
                    try await signIn(browser)
                    return try #require(browser.cookies["hromada_session"])
                }
                try await TestHarness.withApplication(on: database, channel: channel, apps: [DemoApp()]) { second in
                    let browser = TestBrowser(second)
                    browser.setCookie("hromada_session", cookie)
                    let home = try await browser.get("/demo-app/")
                    #expect(home.status == .ok)
                    #expect(home.text.contains("Вітаємо, Олена!"))
                }
            }
        }

        @Test("signing out ends the session")
        func signOut() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                try await browser.post("/demo-app/logout", form: [:])
                #expect(try await browser.get("/demo-app/").status == .seeOther)
            }
        }

        @Test("a POST without the CSRF token, or with a wrong one, is refused with 403")
        func csrfRefusal() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let forged = TestBrowser(app)
                let missing = try await forged.post("/demo-app/login", form: ["login": "olena@example.org", "password": "correct horse"], csrf: false)
                #expect(missing.status == .forbidden)
                #expect(missing.text.contains("Форма застаріла"))
                #expect(missing.setCookie("hromada_session") == nil)

                try await forged.get("/")
                let wrong = try await forged.post("/demo-app/login", form: ["login": "olena@example.org", "password": "correct horse", "_csrf": "forged"], csrf: false)
                #expect(wrong.status == .forbidden)

                let honest = try await signIn(forged)
                #expect(honest.status == .seeOther)
            }
        }

        @Test("the language switch refuses a forged POST and never redirects off-site")
        func languageSwitch() async throws {
            try await withDemo { app in
                let browser = TestBrowser(app)
                #expect(try await browser.post("/locale", form: ["locale": "en", "back": "/"], csrf: false).status == .forbidden)
                let offsite = try await browser.post("/locale", form: ["locale": "en", "back": "//evil.example/x"])
                #expect(offsite.headers.first(name: .location) == "/")
                let bad = try await browser.post("/locale", form: ["locale": "klingon", "back": "/"])
                #expect(bad.status == .unprocessableEntity)
                let landing = try await browser.get("/")
                #expect(landing.text.contains(#"<html lang="en">"#))
            }
        }

        @Test("a signed-in person's language choice is saved in the profile and restored at the next sign-in")
        func languageInProfile() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let phone = try await signedIn(app)
                try await phone.post("/locale", form: ["locale": "en", "back": "/demo-app/"])
                let account = try #require(try await Account.query(on: app.db).first())
                #expect(account.language == "en")

                let laptop = TestBrowser(app)
                #expect(try await laptop.get("/").text.contains(#"<html lang="uk">"#))
                try await signIn(laptop)
                #expect(try await laptop.get("/demo-app/").text.contains("Welcome, Олена!"))
            }
        }

        @Test("a session used within its last day gets a fresh full lifetime and its cookie again; used earlier, it is not written")
        func slidingSession() async throws {
            let clock = ManualClock()
            let day: TimeInterval = 24 * 3600
            try await withDemo(clock: clock) { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                let signedInAt = clock.now
                let lifetime = HromadaConfiguration().sessionLifetime
                #expect(try await sessionExpiries(app) == [signedInAt.addingTimeInterval(lifetime)])

                // Two days before the end: an ordinary page view, nothing written.
                clock.advance(by: lifetime - 2 * day)
                let early = try await browser.get("/demo-app/")
                #expect(early.status == .ok)
                #expect(early.setCookie("hromada_session") == nil)
                #expect(try await sessionExpiries(app) == [signedInAt.addingTimeInterval(lifetime)])

                // Within the last day: a fresh lifetime from now, and the cookie sent again.
                clock.advance(by: day + 3600)
                let late = try await browser.get("/demo-app/")
                #expect(late.status == .ok)
                let cookie = try #require(late.setCookie("hromada_session"))
                #expect(cookie.hasPrefix("hromada_session=\(try #require(browser.cookies["hromada_session"]));"), "the same session, not a new one")
                #expect(cookie.contains("Max-Age=\(Int(lifetime))"))
                #expect(cookie.contains("HttpOnly"))
                #expect(try await sessionExpiries(app) == [clock.now.addingTimeInterval(lifetime)])

                // Past the first expiry the person is still signed in; the next view writes nothing.
                clock.advance(by: 2 * day)
                let later = try await browser.get("/demo-app/")
                #expect(later.status == .ok)
                #expect(later.text.contains("Вітаємо, Олена!"))
                #expect(later.setCookie("hromada_session") == nil)
                #expect(try await sessionExpiries(app) == [clock.now.addingTimeInterval(lifetime - 2 * day)])
            }
        }

        @Test("a session not used in its last day still ends")
        func unusedSessionEnds() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                clock.advance(by: HromadaConfiguration().sessionLifetime + 1)
                #expect(try await browser.get("/demo-app/").status == .seeOther)
            }
        }

        private func sessionExpiries(_ app: Application) async throws -> [Date] {
            let sql = try #require(app.db as? any SQLDatabase)
            return try await sql.raw("SELECT expires_at FROM kernel_web_sessions").all().map { try $0.decode(column: "expires_at", as: Date.self) }
        }
    }
}

enum SQLRows {
    static func strings(_ app: Application, _ query: String) async throws -> [String] {
        guard let sql = app.db as? any SQLDatabase else { return [] }
        return try await sql.raw(SQLQueryString(query)).all().map { try $0.decode(column: $0.allColumns[0], as: String.self) }
    }
}
