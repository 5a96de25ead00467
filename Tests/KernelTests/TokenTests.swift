import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    @Suite("API tokens")
    struct TokenTests {
        @Test("secrets are stored as the SHA-256 of their text in lower-case hex")
        func hashFormat() {
            // The FIPS 180-2 test vector for "abc".
            #expect(SecretToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(SecretToken.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        }

        @Test("a token authenticates API calls, is stored only as a hash, and stops working at logout")
        func revocation() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let token = try await token(app)
                let stored = try await SQLRows.strings(app, "SELECT token_hash FROM kernel_api_tokens")
                #expect(stored == [SecretToken.hash(token)])

                let auth: HTTPHeaders = ["Authorization": "Bearer \(token)"]
                let me = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/me", headers: auth)
                #expect(me.status == .ok)
                #expect(try me.content.decode(DemoApp.Me.self).login == "olena@example.org")

                #expect(try await app.testing().sendRequest(.DELETE, "/demo-app/api/v1/session", headers: auth).status == .noContent)
                let after = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/me", headers: auth)
                #expect(after.status == .unauthorized)
                #expect(try problem(after).code == "unauthenticated")
            }
        }

        @Test("on PostgreSQL the token sign-in runs as a prepared statement; other databases refuse one")
        func preparedOnPostgres() async throws {
            try await withDemo { app in
                let account = try await makeAccount(app)
                let token = try await token(app)
                let statement = SignIn.Statement(tokenHash: SecretToken.hash(token), now: Date(), app: "demo-app")
                guard TestHarness.isPostgres else {
                    await #expect(throws: PostgresOnlyStatement.self) { try await app.db.preparedRows(statement) }
                    return
                }
                let rows = try await app.db.preparedRows(statement)
                let row = try #require(rows.first)
                #expect(rows.count == 1 && row.account.id == account.id && row.account.login == "olena@example.org")
                #expect(row.account.$id.exists && row.expiresAt > Date())
                // Again, on a connection that may already hold the statement prepared.
                #expect(try await app.db.preparedRows(statement).count == 1)
                #expect(try await app.db.preparedRows(SignIn.Statement(tokenHash: SecretToken.hash("unknown"), now: Date(), app: "demo-app")).isEmpty)
            }
        }

        @Test("an expired token is refused")
        func expiry() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await makeAccount(app)
                let token = try await token(app)
                clock.advance(by: HromadaConfiguration().apiTokenLifetime + 1)
                let response = try await app.testing().sendRequest(.GET, "/demo-app/api/v1/me", headers: ["Authorization": "Bearer \(token)"])
                #expect(response.status == .unauthorized)
            }
        }

        @Test("a session cookie does not authenticate the API, and a token does not sign in pages")
        func channelsStaySeparate() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                #expect(try await browser.get("/demo-app/api/v1/me").status == .unauthorized)

                let token = try await token(app)
                let page = try await app.testing().sendRequest(.GET, "/demo-app/", headers: ["Authorization": "Bearer \(token)"])
                #expect(page.status == .seeOther)
            }
        }

        @Test("an account of another app, a deactivated account, or a wrong role get nothing")
        func authorisation() async throws {
            try await withDemo { app in
                let member = try await makeAccount(app)
                let admin = try await makeAccount(app, login: "admin@example.org", role: Account.adminRole, name: "Адмін")
                let memberToken = try await token(app)
                let adminToken = try await token(app, login: "admin@example.org")
                let path = "/demo-app/api/v1/accounts/\(try member.requireID())"
                #expect(try await app.testing().sendRequest(.GET, path, headers: ["Authorization": "Bearer \(memberToken)"]).status == .forbidden)
                #expect(try await app.testing().sendRequest(.GET, path, headers: ["Authorization": "Bearer \(adminToken)"]).status == .ok)
                #expect(try await app.testing().sendRequest(.GET, path).status == .unauthorized)

                try await app.kernel.accountService(on: app.db, passwords: app.password.async).deactivate(admin)
                #expect(try await app.testing().sendRequest(.GET, path, headers: ["Authorization": "Bearer \(adminToken)"]).status == .unauthorized)
            }
        }
    }
}
