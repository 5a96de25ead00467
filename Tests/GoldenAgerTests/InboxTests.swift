import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting

/// The inbox (API and page) is one statement that also signs the caller in on PostgreSQL
/// and the portable services elsewhere: both are held to the same answers and refusals.
extension GoldenAgerTests {
    @Suite("The volunteer's inbox")
    struct InboxTests {
        @Test("the inbox answers as the portable service: oldest first, without declined, held or other cities' tasks; the page shows the held task")
        func sameAnswer() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                var ordered: [UUID] = []
                for _ in 0..<4 { ordered.append(try await order(app, by: try await register(app, .pensioner))) }
                let elsewhere = try await order(app, by: try await register(app, .pensioner, city: "lviv"))
                #expect(try await send(app, .POST, "/tasks/\(ordered[1])/decline", as: volunteer).status == .noContent)
                #expect(try await send(app, .POST, "/tasks/\(ordered[2])/accept", as: volunteer).status == .ok)
                let offered = [ordered[0], ordered[3]]

                let answer = try await send(app, .GET, "/inbox", as: volunteer)
                #expect(answer.status == .ok, "\(answer.body.string)")
                let inbox = try answer.content.decode(APIModels.Inbox.self)
                #expect(inbox.online)
                #expect(inbox.tasks.map(\.id) == offered)

                let account = try #require(try await Account.find(volunteer.id, on: app.db))
                let member = try await Member(account: account, on: app.db)
                let portable = try await GoldenAgerContext(app.services).tasks.inbox(of: member).map { APIModels.task($0, .uk, viewer: member) }
                #expect(try canonical(inbox.tasks) == canonical(portable), "every field as the portable service gives it")
                #expect(inbox.tasks.allSatisfy { $0.pensioner == nil && $0.volunteer == nil }, "nobody's contact before accepting")

                let browser = try await signedIn(app, volunteer)
                let page = try await browser.get("/golden-ager/inbox")
                #expect(page.status == .ok)
                let cards = page.text.components(separatedBy: "data-task-id=\"").dropFirst().map { String($0.prefix(36)) }
                #expect(cards == offered.map(\.uuidString))
                #expect(page.text.contains("href=\"/golden-ager/tasks/\(ordered[2])\""), "the held task is linked")
                #expect(!page.text.contains(elsewhere.uuidString) && !page.text.contains("Тестова"))
                #expect(try await browser.get("/golden-ager/inbox/list").text.contains("data-task-id=\"\(ordered[0])\""))

                // Offline: the page says so and offers nothing; the API agrees.
                #expect(try await send(app, .PUT, "/availability", as: volunteer, body: ["online": false]).status == .ok)
                let offline = try await send(app, .GET, "/inbox", as: volunteer).content.decode(APIModels.Inbox.self)
                #expect(!offline.online && offline.tasks.isEmpty)
                let offlinePage = try await browser.get("/golden-ager/inbox")
                #expect(offlinePage.text.contains("data-online=\"false\"") && !offlinePage.text.contains("data-task-id"))
            }
        }

        @Test("the inbox follows every change to its city's tasks, also changes made straight in the database by another server")
        func followsChanges() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer), other = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                try await goOnline(app, other)
                let sql = app.db as! any SQLDatabase
                func offered(_ person: Person = volunteer, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [APIModels.TaskDTO] {
                    let answer = try await send(app, .GET, "/inbox", as: person)
                    #expect(answer.status == .ok, "\(answer.body.string)", sourceLocation: sourceLocation)
                    let tasks = try answer.content.decode(APIModels.Inbox.self).tasks
                    // Served from memory or read, the answer is what the portable service reads now.
                    let account = try #require(try await Account.find(person.id, on: app.db))
                    let member = try await Member(account: account, on: app.db)
                    let portable = try await GoldenAgerContext(app.services).tasks.inbox(of: member)
                    #expect(try canonical(tasks) == canonical(portable.map { APIModels.task($0, .uk, viewer: member) }), sourceLocation: sourceLocation)
                    return tasks
                }
                #expect(try await offered().isEmpty)

                let firstPensioner = try await register(app, .pensioner), secondPensioner = try await register(app, .pensioner)
                let first = try await order(app, by: firstPensioner)
                #expect(try await offered().map(\.id) == [first])
                let second = try await order(app, by: secondPensioner)
                #expect(try await offered().map(\.id) == [first, second])

                #expect(try await send(app, .POST, "/tasks/\(first)/accept", as: other).status == .ok)
                #expect(try await offered().map(\.id) == [second])
                #expect(try await send(app, .POST, "/tasks/\(first)/withdraw", as: other, body: ["reason": "Захворів"]).status == .ok)
                #expect(try await offered().map(\.id) == [first, second])
                #expect(try await offered(other).map(\.id) == [second], "not offered again to whoever gave it back")
                #expect(try await send(app, .POST, "/tasks/\(second)/cancel", as: secondPensioner).status == .ok)
                #expect(try await offered().map(\.id) == [first])

                // Another server's changes reach this one through the database alone.
                try await sql.raw("UPDATE ga_task_templates SET title_uk = 'Змінена назва' WHERE id = (SELECT template_id FROM ga_tasks WHERE id = \(bind: first))").run()
                #expect(try await offered().map(\.template.title) == ["Змінена назва"])
                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await browser.get("/golden-ager/inbox").text.contains("<h2>Змінена назва</h2>"))
                try await sql.raw("UPDATE ga_tasks SET status = 'cancelled', closed_at = \(bind: Date()) WHERE id = \(bind: first)").run()
                #expect(try await offered().isEmpty)
                #expect(!(try await browser.get("/golden-ager/inbox").text.contains("data-task-id")))
            }
        }

        @Test("city versions added to a database with open tasks: every city with tasks gets one; reverting and applying again works")
        func cityVersionsMigration() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer, city: "lviv")
                try await goOnline(app, volunteer)
                let task = try await order(app, by: try await register(app, .pensioner, city: "lviv"))
                let migration = CreateCityVersions()
                try await migration.revert(on: app.db)
                try await migration.prepare(on: app.db)
                let inbox = try await send(app, .GET, "/inbox", as: volunteer).content.decode(APIModels.Inbox.self)
                #expect(inbox.tasks.map(\.id) == [task])
                guard let sql = app.db as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
                let versions = try await sql.raw("SELECT city, version FROM ga_city_versions").all()
                #expect(try versions.map { try $0.decode(column: "city", as: String.self) } == ["lviv"])
                // A template change moves every city's version: its text is on the cards.
                try await sql.raw("UPDATE ga_task_templates SET minutes = minutes").run()
                #expect(try await sql.raw("SELECT version FROM ga_city_versions").first()?.decode(column: "version", as: Int.self) == 2)
            }
        }

        @Test("every card on the inbox page carries the browser's own CSRF token, and its accept form works")
        func cardsCarryOwnToken() async throws {
            try await withGoldenAger { app in
                let task = try await order(app, by: try await register(app, .pensioner))
                var tokens: Set<String> = []
                var browsers: [TestBrowser] = [], volunteers: [Person] = []
                for _ in 0..<2 {
                    let volunteer = try await register(app, .volunteer)
                    volunteers.append(volunteer)
                    try await goOnline(app, volunteer)
                    let browser = try await signedIn(app, volunteer)
                    let page = try await browser.get("/golden-ager/inbox")
                    #expect(page.text.contains("data-task-id=\"\(task)\""))
                    let token = try #require(browser.cookies["hromada_csrf"])
                    let values = page.text.components(separatedBy: #"name="_csrf" value=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
                    #expect(values.count >= 4 && values.allSatisfy { $0 == token }, "\(values)")
                    tokens.insert(token)
                    browsers.append(browser)
                }
                #expect(tokens.count == 2)
                let accept = "/golden-ager/tasks/\(task)/accept"
                #expect(try await browsers[1].get("/golden-ager/inbox").formActions.contains(accept))
                #expect(try await browsers[1].post(accept, form: [:]).status == .seeOther)
                let accepted = try #require(try await HelpTask.find(task, on: app.db))
                #expect(accepted.status == .accepted && accepted.volunteerID == volunteers[1].id)
            }
        }

        @Test("the inbox refuses whoever is not a signed-in volunteer: expired, signed-out, deactivated or another app's session; forged tokens")
        func refusals() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                _ = try await order(app, by: try await register(app, .pensioner))
                let sql = app.db as! any SQLDatabase

                let pensioner = try await register(app, .pensioner)
                #expect(try await signedIn(app, pensioner).get("/golden-ager/inbox").status == .forbidden)
                #expect(try await send(app, .GET, "/inbox", as: pensioner).status == .forbidden)

                let forged = Person(id: volunteer.id, login: volunteer.phone, token: "forged-token")
                #expect(try await send(app, .GET, "/inbox", as: forged).status == .unauthorized)
                let forgedCookie = TestBrowser(app)
                forgedCookie.setCookie("hromada_session", "forged-session")
                try await expectSignIn(forgedCookie)

                // Expired: the session's time is up.
                let expired = try await signedIn(app, volunteer)
                try await sql.update("kernel_web_sessions").set("expires_at", to: SQLBind(Date().addingTimeInterval(-60)))
                    .where("token_hash", .equal, SQLBind(SecretToken.hash(expired.cookies["hromada_session"] ?? ""))).run()
                try await expectSignIn(expired)

                // Signed out: the session no longer holds the account.
                let signedOut = try await signedIn(app, volunteer)
                #expect(try await signedOut.post("/golden-ager/logout", form: [:]).status == .seeOther)
                try await expectSignIn(signedOut)

                // Another app's sign-in in the same session is not a Golden Ager one.
                let otherApp = try await signedIn(app, volunteer)
                let otherAppHash = SecretToken.hash(otherApp.cookies["hromada_session"] ?? "")
                try await sql.update("kernel_web_sessions").set("data", to: SQLBind(#"{"account.movejoin":"\#(volunteer.id.uuidString)"}"#))
                    .where("token_hash", .equal, SQLBind(otherAppHash)).run()
                try await expectSignIn(otherApp)

                // Deactivated: neither the session nor the token lets them in.
                let deactivated = try await signedIn(app, volunteer)
                let account = try #require(try await Account.find(volunteer.id, on: app.db))
                account.deactivatedAt = Date()
                try await account.save(on: app.db)
                try await expectSignIn(deactivated)
                #expect(try await send(app, .GET, "/inbox", as: volunteer).status == .unauthorized)
            }
        }

        private func signedIn(_ app: Application, _ person: Person) async throws -> TestBrowser {
            let browser = TestBrowser(app)
            let response = try await browser.post("/golden-ager/login", form: ["phone": person.phone, "password": "secret-1"])
            #expect(response.status == .seeOther)
            #expect(browser.cookies["hromada_session"] != nil)
            return browser
        }

        /// The inbox page and its live list send `browser` to sign in.
        private func expectSignIn(_ browser: TestBrowser, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            for path in ["/golden-ager/inbox", "/golden-ager/inbox/list"] {
                let response = try await browser.get(path)
                #expect(response.status == .seeOther, "\(path): \(response.status)", sourceLocation: sourceLocation)
                #expect(response.headers.first(name: .location)?.hasPrefix("/golden-ager/login") == true, sourceLocation: sourceLocation)
                #expect(!response.body.string.contains("data-task-id"), sourceLocation: sourceLocation)
            }
        }

        private func canonical(_ tasks: [APIModels.TaskDTO]) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            encoder.dateEncodingStrategy = .iso8601
            return String(decoding: try encoder.encode(tasks), as: UTF8.self)
        }
    }
}
