import Fluent
import Foundation
import HromadaSuite
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting

/// The kernel's account scenarios, run against every app the server mounts: an app gets
/// them by being listed in `Suite.apps` (and giving a sign-up below).
extension AccountTests {
    @Suite("Accounts in every app")
    struct AccountScenarioTests {
        static let apps = Suite.apps.filter { $0.accounts != nil }.map { MountedApp($0) }

        @Test("every mounted app has the kernel's accounts and a sign-up here", arguments: Suite.apps.map { $0.descriptor.id })
        func everyAppTakesPart(_ id: String) {
            #expect(Suite.apps.first { $0.descriptor.id == id }?.accounts != nil, "\(id) does not use the kernel's accounts")
            #expect(SignUps.body(id) != nil, "no sign-up for \(id) in AccountTests/SignUps.swift")
        }

        @Test("sign-up refuses bad input with every problem named, and takes good input", arguments: apps)
        func signUp(_ app: MountedApp) async throws {
            try await app.run { application in
                let empty = try await app.post("/accounts", [:], on: application)
                #expect(empty.status == .unprocessableEntity, "\(empty.body.string)")
                let problem = try decode(Problem.self, empty)
                #expect(problem.code == "validation_failed")
                #expect(problem.errors?.contains { $0.field == app.kind.field } == true, "\(empty.body.string)")
                #expect(problem.errors?.contains { $0.field == "password" } == true)

                var short = try SignUps.body(for: app, login: try await app.uniqueLogin())
                short["password"] = "x"
                short["passwordRepeat"] = "x"
                let refused = try await app.post("/accounts", short, on: application)
                #expect(refused.status == .unprocessableEntity)
                #expect(try decode(Problem.self, refused).errors?.map(\.field).contains("password") == true)

                let login = try await app.uniqueLogin()
                let created = try await app.post("/accounts", try SignUps.body(for: app, login: login), on: application)
                #expect(created.status == .created, "\(created.body.string)")
                let again = try await app.post("/accounts", try SignUps.body(for: app, login: login), on: application)
                #expect(again.status == .conflict)
                #expect(try decode(Problem.self, again).code == "login_taken")
            }
        }

        static let emailApps = apps.filter { $0.accounts is any EmailSignUpAccounts }

        @Test("e-mail sign-up, by the API and by the page, keeps the time zone on the account with the app's profile",
              arguments: emailApps)
        func emailSignUpKeepsTheZoneOnTheAccount(_ app: MountedApp) async throws {
            try await app.run { application in
                let byAPI = try await app.uniqueLogin()
                var body = try SignUps.body(for: app, login: byAPI)
                body["timeZone"] = "America/New_York"
                #expect(try await app.post("/accounts", body, on: application).status == .created)

                let prefix = app.descriptor.pathPrefix
                let browser = TestBrowser(application)
                let form = try await browser.get("\(prefix)\(app.accounts.signUpPath)")
                #expect(form.status == .ok)
                #expect(form.text.contains("name=\"timeZone\"") && form.text.contains("name=\"passwordRepeat\""))
                let refused = try await browser.post("\(prefix)\(app.accounts.signUpPath)", form: ["name": "", "email": "nope"])
                #expect(refused.status == .unprocessableEntity)
                for field in ["name", "email", "password"] {
                    #expect(refused.text.contains("id=\"field-\(field)-error\""), "\(field) is named")
                }
                let byPage = try await app.uniqueLogin()
                let signedUp = try await browser.post("\(prefix)\(app.accounts.signUpPath)", form: [
                    "name": "Тест", "email": byPage, "password": SignUps.password, "passwordRepeat": SignUps.password, "timeZone": "Asia/Tokyo"])
                #expect(signedUp.status == .seeOther, "\(signedUp.body.string)")
                #expect(try await browser.get(signedUp.headers.first(name: .location) ?? "/").status == .ok, "signed in and on")

                for (login, zone) in [(byAPI, "America/New_York"), (byPage, "Asia/Tokyo")] {
                    let account = try #require(try await Account.query(on: application.db).filter(\.$login == login).first())
                    #expect(account.timeZone == zone)
                    // The profile was written with the account: the person can read it.
                    let token = try await app.signIn(Credentials(login: login, password: SignUps.password), on: application)
                    #expect(try await app.get("/me", token: token, on: application).status == .ok)
                }
            }
        }

        @Test("sign-in: a wrong password is a 401, the right one gives a token that works", arguments: apps)
        func signIn(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let wrong = try await app.post("/session", [app.kind.field: person.login, "password": "wrong-password"], on: application)
                #expect(wrong.status == .unauthorized)
                #expect(try decode(Problem.self, wrong).code == "invalid_credentials")
                let token = try await app.signIn(person, on: application)
                #expect(try await app.get("/me", token: token, on: application).status == .ok)
                #expect(try await app.send(.DELETE, "/session", token: token, on: application).status == .noContent)
                #expect(try await app.get("/me", token: token, on: application).status == .unauthorized)
            }
        }

        @Test("the sign-in page honours a safe next and refuses an unsafe one", arguments: apps)
        func signInPageNext(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let prefix = app.descriptor.pathPrefix
                let page = try await TestBrowser(application).get("\(prefix)/login?next=\(prefix)/somewhere")
                #expect(page.status == .ok)
                #expect(page.text.contains("value=\"\(prefix)/somewhere\""))
                for (next, expected) in [("\(prefix)/somewhere", "\(prefix)/somewhere"), ("https://evil.example/", nil),
                                         ("//evil.example/", nil), ("/other-app/page", nil)] {
                    let browser = TestBrowser(application)
                    let signedIn = try await browser.post("\(prefix)/login", form: [app.kind.field: person.login, "password": person.password, "next": next])
                    #expect(signedIn.status == .seeOther, "\(signedIn.body.string)")
                    let location = signedIn.headers.first(name: .location) ?? ""
                    if let expected {
                        #expect(location == expected)
                    } else {
                        #expect(location.hasPrefix("\(prefix)/") && !location.contains("evil") && !location.hasPrefix("/other-app"), "\(location)")
                    }
                }
                let wrong = try await TestBrowser(application).post("\(prefix)/login", form: [app.kind.field: person.login, "password": "nope-nope"])
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("role=\"alert\""))
            }
        }

        @Test("changing the password ends every other session and token, and keeps the one it was made with", arguments: apps)
        func changePassword(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let kept = try await app.signIn(person, on: application)
                let other = try await app.signIn(person, on: application)
                let browser = TestBrowser(application)
                let prefix = app.descriptor.pathPrefix
                _ = try await browser.post("\(prefix)/login", form: [app.kind.field: person.login, "password": person.password])
                #expect(try await browser.get("\(prefix)/account/password").status == .ok)

                let wrongCurrent = try await app.send(.PUT, "/me/password", token: kept, body: ["currentPassword": "not-it", "newPassword": "brand-new-secret"], on: application)
                #expect(wrongCurrent.status == .unprocessableEntity)
                #expect(try decode(Problem.self, wrongCurrent).errors?.first?.field == "currentPassword")

                let changed = try await app.send(.PUT, "/me/password", token: kept, body: ["currentPassword": person.password, "newPassword": "brand-new-secret"], on: application)
                #expect(changed.status == .noContent, "\(changed.body.string)")
                #expect(try await app.get("/me", token: kept, on: application).status == .ok)
                #expect(try await app.get("/me", token: other, on: application).status == .unauthorized)
                #expect(try await browser.get("\(prefix)/account/password").status != .ok)
                #expect(try await app.post("/session", [app.kind.field: person.login, "password": person.password], on: application).status == .unauthorized)
                #expect(try await app.post("/session", [app.kind.field: person.login, "password": "brand-new-secret"], on: application).status == .ok)
            }
        }

        @Test("a password reset sets a new password once, ends every session, and a used or expired one is refused clearly", arguments: apps)
        func passwordReset(_ app: MountedApp) async throws {
            let clock = ManualClock()
            try await app.run(clock: clock) { application in
                let person = try await app.signUp(on: application)
                let token = try await app.signIn(person, on: application)
                let browser = TestBrowser(application)
                let prefix = app.descriptor.pathPrefix
                _ = try await browser.post("\(prefix)/login", form: [app.kind.field: person.login, "password": person.password])

                let (secret, confirmation) = try await app.startReset(for: person, on: application)
                var body = confirmation
                body["newPassword"] = "after-the-reset"
                let done = try await app.post("/password-reset/confirm", body, on: application)
                #expect(done.status == .noContent, "\(done.body.string)")
                #expect(try await app.get("/me", token: token, on: application).status == .unauthorized)
                #expect(try await browser.get("\(prefix)/account/password").status != .ok)
                #expect(try await app.post("/session", [app.kind.field: person.login, "password": "after-the-reset"], on: application).status == .ok)

                let reused = try await app.post("/password-reset/confirm", body, on: application)
                #expect(reused.status == .gone)
                let problem = try decode(Problem.self, reused)
                #expect(problem.code == (app.accounts.passwordReset == .emailLink ? "reset_token_invalid" : "reset_code_invalid"))
                #expect(problem.detail?.isEmpty == false)

                let (_, late) = try await app.startReset(for: person, on: application)
                clock.advance(by: PasswordResets.lifetime + 1)
                var lateBody = late
                lateBody["newPassword"] = "too-late-for-this"
                #expect(try await app.post("/password-reset/confirm", lateBody, on: application).status == .gone)
                _ = secret
            }
        }

        @Test("one reset used by ten requests at once over HTTP: exactly one sets its password, the others are refused", arguments: apps)
        func resetRace(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let (_, confirmation) = try await app.startReset(for: person, on: application)
                let attempts = (0..<10).map { "raced-password-\($0)" }
                let statuses = try await TestHarness.withLiveServer(application) { base in
                    try await withThrowingTaskGroup(of: (String, HTTPStatus).self) { group in
                        for password in attempts {
                            var body = confirmation
                            body["newPassword"] = password
                            let sent = json(body)
                            group.addTask {
                                let answer = try await application.client.post(URI(string: base + app.path("/password-reset/confirm")), headers: jsonHeaders) {
                                    $0.body = sent
                                }
                                return (password, answer.status)
                            }
                        }
                        return try await group.reduce(into: [(String, HTTPStatus)]()) { $0.append($1) }
                    }
                }
                let winners = statuses.filter { $0.1 == .noContent }
                #expect(winners.count == 1, "\(statuses.map(\.1))")
                // Gone; or, for a short code, too many tries: each refusal counts as a failed sign-in.
                let refusals: Set<HTTPStatus> = app.accounts.passwordReset == .emailLink ? [.gone] : [.gone, .tooManyRequests]
                #expect(statuses.filter { $0.1 != .noContent }.allSatisfy { refusals.contains($0.1) }, "\(statuses.map(\.1))")
                let account = try #require(try await Account.query(on: application.db).filter(\.$app == app.descriptor.id)
                    .filter(\.$login == person.login).first())
                let accounts = Request(application: application, on: application.eventLoopGroup.next()).accounts
                for (password, _) in statuses {
                    #expect(try await accounts.verify(password, of: account) == (password == winners.first?.0), "\(password)")
                }
            }
        }

        @Test("asking for a reset answers the same whether or not the account exists", arguments: apps)
        func resetAnswerTellsNothing(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let known = try await app.post("/password-reset", [app.kind.field: person.login], on: application)
                let unknown = try await app.post("/password-reset", [app.kind.field: try await app.uniqueLogin()], on: application)
                #expect(known.status == .accepted)
                #expect(unknown.status == .accepted)
                #expect(known.body.string == unknown.body.string)
            }
        }

        @Test("deleting the account needs its password, then it is gone", arguments: apps)
        func deletion(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let token = try await app.signIn(person, on: application)
                let wrong = try await app.send(.DELETE, "/me", token: token, body: ["password": "not-my-password"], on: application)
                #expect(wrong.status == .unprocessableEntity)
                #expect(try await app.get("/me", token: token, on: application).status == .ok)
                let deleted = try await app.send(.DELETE, "/me", token: token, body: ["password": person.password], on: application)
                #expect(deleted.status == .noContent, "\(deleted.body.string)")
                #expect(try await app.get("/me", token: token, on: application).status == .unauthorized)
                #expect(try await app.post("/session", [app.kind.field: person.login, "password": person.password], on: application).status == .unauthorized)
            }
        }

        @Test("wrong passwords given to change the password or delete the account are throttled like failed sign-ins", arguments: apps)
        func confirmationsAreThrottled(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let token = try await app.signIn(person, on: application)
                for attempt in 0..<LoginThrottle.maximumFailures {
                    let wrong = attempt.isMultiple(of: 2)
                        ? try await app.send(.DELETE, "/me", token: token, body: ["password": "guess-\(attempt)"], on: application)
                        : try await app.send(.PUT, "/me/password", token: token, body: ["currentPassword": "guess-\(attempt)", "newPassword": "new-secret-99"], on: application)
                    #expect(wrong.status == .unprocessableEntity, "\(wrong.body.string)")
                }
                let refused = try await app.send(.DELETE, "/me", token: token, body: ["password": person.password], on: application)
                #expect(refused.status == .tooManyRequests, "\(refused.body.string)")
                #expect(try await app.get("/me", token: token, on: application).status == .ok, "the account is still there")
            }
        }

        @Test("signing out everywhere ends every token and session, this one included", arguments: apps)
        func signOutEverywhere(_ app: MountedApp) async throws {
            try await app.run { application in
                let person = try await app.signUp(on: application)
                let first = try await app.signIn(person, on: application)
                let second = try await app.signIn(person, on: application)
                #expect(try await app.send(.DELETE, "/me/sessions", token: first, on: application).status == .noContent)
                #expect(try await app.get("/me", token: first, on: application).status == .unauthorized)
                #expect(try await app.get("/me", token: second, on: application).status == .unauthorized)
            }
        }
    }
}
