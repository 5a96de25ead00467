import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

/// Requests of one browser, and sign-outs made elsewhere, change the same session record.
/// These tests stop a request between loading its session and saving it, let the other
/// change happen, then save: what each one changed must survive, and nothing removed
/// meanwhile may come back.
extension KernelTests {
    @Suite("Session writes that overlap")
    struct SessionWriteTests {
        static let accountKey = "account.\(DemoApp.descriptor.id)"

        /// A request of `browser` (its cookies), its session loaded.
        func load(_ app: Application, _ browser: TestBrowser) async throws -> (Request, WebSession) {
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let request = Request(application: app, method: .GET, url: "/demo-app/", headers: ["Cookie": cookie], on: app.eventLoopGroup.next())
            return (request, try await request.webSession())
        }

        /// Saves as the session middleware does after the response; the response's cookies.
        @discardableResult
        func save(_ session: WebSession, of request: Request) async throws -> HTTPCookies {
            let response = Response()
            try await WebSessionMiddleware(lifetime: 3600, secureCookies: false).save(session, for: request, into: response)
            return response.cookies
        }

        func storedSessions(_ app: Application) async throws -> [[String: String]] {
            try await WebSessionRecord.query(on: app.db).all().map { WebSessionRecord.decode($0.data) }
        }

        @Test("a request that saves after a password change signed its browser out does not sign it back in")
        func signOutIsNotUndone() async throws {
            try await withDemo { app in
                let account = try await makeAccount(app)
                let browser = try await signedIn(app)
                let (first, firstSession) = try await load(app, browser)
                firstSession["demo.note"] = "kept"
                try await save(firstSession, of: first)

                let (request, session) = try await load(app, browser)
                #expect(session[Self.accountKey] == account.id?.uuidString)
                try await AccountService.signOutSessions(of: account, except: nil, on: app.db)
                session["demo.step"] = "2"
                try await save(session, of: request)

                #expect(try await storedSessions(app) == [["demo.note": "kept", "demo.step": "2"]])
                #expect(try await browser.get("/demo-app/").headers.first(name: .location)?.hasPrefix("/demo-app/login") == true)
            }
        }

        @Test("two requests of one browser that each change a key keep both changes")
        func noLostUpdate() async throws {
            try await withDemo { app in
                let account = try await makeAccount(app)
                let browser = try await signedIn(app)
                let (one, oneSession) = try await load(app, browser)
                let (two, twoSession) = try await load(app, browser)
                oneSession["demo.a"] = "1"
                twoSession["demo.b"] = "2"
                try await save(oneSession, of: one)
                try await save(twoSession, of: two)
                #expect(try await storedSessions(app) == [[Self.accountKey: account.id!.uuidString, "demo.a": "1", "demo.b": "2"]])
            }
        }

        @Test("when a sign-out elsewhere ended the record, a request's own change starts a new session without the account")
        func endedRecord() async throws {
            try await withDemo { app in
                let account = try await makeAccount(app)
                let browser = try await signedIn(app)
                let (request, session) = try await load(app, browser)
                try await AccountService.signOutSessions(of: account, except: nil, on: app.db)
                #expect(try await storedSessions(app).isEmpty)
                session["demo.step"] = "2"
                let cookies = try await save(session, of: request)

                #expect(try await storedSessions(app) == [["demo.step": "2"]])
                let newToken = try #require(cookies["hromada_session"]?.string)
                #expect(newToken != browser.cookies["hromada_session"])
            }
        }

        @Test("a sign-in that renews the session id keeps a key another request added meanwhile")
        func regenerateKeepsOthers() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                let (request, session) = try await load(app, browser)
                let (other, otherSession) = try await load(app, browser)
                otherSession["demo.other"] = "yes"
                try await save(otherSession, of: other)
                session.regenerateID()
                session["demo.step"] = "3"
                let cookies = try await save(session, of: request)

                let stored = try await storedSessions(app)
                #expect(stored.count == 1)
                #expect(stored.first?["demo.other"] == "yes" && stored.first?["demo.step"] == "3")
                #expect(cookies["hromada_session"]?.string != browser.cookies["hromada_session"])
            }
        }

        @Test("a sign-out that read the session before a request of its browser saved removes the account and keeps the request's change")
        func signOutAfterAConcurrentSave() async throws {
            try await withDemo { app in
                let account = try await makeAccount(app)
                let browser = try await signedIn(app)
                let record = try #require(try await WebSessionRecord.query(on: app.db).first())
                let (request, session) = try await load(app, browser)
                session["demo.a"] = "1"
                try await save(session, of: request)
                // The sign-out still holds the record as it was before that save.
                try await AccountService.signOut(Self.accountKey, account.id!.uuidString, from: record.requireID(), holding: record.data, on: app.db)
                #expect(try await storedSessions(app) == [["demo.a": "1"]])
            }
        }
    }
}
