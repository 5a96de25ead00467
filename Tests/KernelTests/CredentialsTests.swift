import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

@Suite("Credentials and throttling")
struct CredentialsTests {
    @Test("passwords are bcrypt with cost 12 by default, and verify")
    func bcryptDefaultCost() async throws {
        #expect(HromadaConfiguration().bcryptCost == 12)
        try await withDemo(adjust: { $0.bcryptCost = HromadaConfiguration().bcryptCost }) { app in
            let account = try await makeAccount(app)
            #expect(account.passwordHash.hasPrefix("$2b$12$"))
            #expect(try await app.password.async.verify("correct horse", created: account.passwordHash))
            #expect(try await !app.password.async.verify("wrong horse", created: account.passwordHash))
        }
    }

    @Test("a login already taken in the app is a conflict")
    func duplicateLogin() async throws {
        try await withDemo { app in
            try await makeAccount(app)
            await #expect(throws: AppError.self) { try await makeAccount(app) }
        }
    }

    @Test("five failures for one login lock it for 15 minutes, with a message saying when")
    func throttlesByIdentifier() async throws {
        let clock = ManualClock()
        try await withDemo(clock: clock) { app in
            try await makeAccount(app)
            for _ in 1...5 {
                let wrong = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders, body: json(["login": "olena@example.org", "password": "nope"]))
                #expect(wrong.status == .unauthorized)
            }
            clock.advance(by: 60)
            // Even the right password is refused now.
            let refused = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders, body: json(["login": "olena@example.org", "password": "correct horse"]))
            #expect(refused.status == .tooManyRequests)
            let document = try problem(refused)
            #expect(document["code"] as? String == "too_many_attempts")
            #expect(document["detail"] as? String == "Забагато невдалих спроб входу. Спробуйте знову через 14 хвилин.")
            #expect(refused.headers.first(name: "Retry-After") == "840")

            clock.advance(by: 14 * 60 + 1)
            let allowed = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders, body: json(["login": "olena@example.org", "password": "correct horse"]))
            #expect(allowed.status == .ok)
        }
    }

    @Test("five failures from one address lock out every login from it")
    func throttlesByAddress() async throws {
        let clock = ManualClock()
        try await withDemo(clock: clock) { app in
            try await makeAccount(app, login: "victim@example.org")
            for index in 1...5 {
                _ = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders, body: json(["login": "guess\(index)@example.org", "password": "x"]))
            }
            let refused = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders.adding("Accept-Language", "en"), body: json(["login": "victim@example.org", "password": "correct horse"]))
            #expect(refused.status == .tooManyRequests)
            #expect(try problem(refused)["detail"] as? String == "Too many failed sign-in attempts. Try again in 15 minutes.")
        }
    }

    @Test("failures for other logins from a shared address never refuse a right password (issue 16)")
    func sharedAddressIsNotLockedOut() async throws {
        try await withDemo { app in
            try await makeAccount(app, login: "carer@example.org")
            // As reported: everyone in the care home signs in through one Wi-Fi address.
            for _ in 1...4 { try await expectSignIn(app, "mistyped@example.org", "wrong", is: .unauthorized) }
            try await expectSignIn(app, "neighbour@example.org", "wrong", is: .unauthorized)
            try await expectSignIn(app, "carer@example.org", "correct horse", is: .ok)
        }
    }

    @Test("a successful sign-in forgets the login's earlier failures")
    func successResets() async throws {
        try await withDemo { app in
            try await makeAccount(app)
            let service = app.kernel.accountService(on: app.db, passwords: app.password.async)
            for _ in 1...4 {
                await #expect(throws: AppError.self) { try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "x", address: "10.0.0.\(Int.random(in: 1...200))") }
            }
            _ = try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "correct horse", address: "10.1.1.1")
            for _ in 1...4 {
                await #expect(throws: AppError.self) { try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "x", address: "10.2.0.\(Int.random(in: 1...200))") }
            }
            _ = try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "correct horse", address: "10.1.1.2")
        }
    }

    @Test("a deactivated account cannot sign in")
    func deactivated() async throws {
        try await withDemo { app in
            let account = try await makeAccount(app)
            let service = app.kernel.accountService(on: app.db, passwords: app.password.async)
            try await service.deactivate(account)
            await #expect(throws: AppError.self) {
                try await service.authenticate(app: "demo-app", login: "olena@example.org", password: "correct horse", address: "10.0.0.1")
            }
        }
    }
}

/// Signs in through the demo API (every such request comes from the same address) and
/// checks the answer's status.
@discardableResult
func expectSignIn(_ app: Application, _ login: String, _ password: String, is status: HTTPResponseStatus, language: String = "uk",
                  sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestingHTTPResponse {
    let response = try await app.testing().sendRequest(.POST, "/demo-app/api/v1/session", headers: jsonHeaders.adding("Accept-Language", language),
                                                       body: json(["login": login, "password": password]))
    #expect(response.status == status, "sign-in as \(login)", sourceLocation: sourceLocation)
    return response
}

extension HTTPHeaders {
    func adding(_ name: String, _ value: String) -> HTTPHeaders {
        var copy = self
        copy.add(name: name, value: value)
        return copy
    }
}
