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
            let portable = try await GoldenAgerContext(app.services).tasks.inbox(of: member).map { APIModels.task($0, .uk) }
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

            let forged = Person(id: volunteer.id, phone: volunteer.phone, token: "forged-token")
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
