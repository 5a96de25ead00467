import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    @Suite("Authorisation")
    struct AuthorisationTests {
        /// Every endpoint; only reference data, sign-up and sign-in answer without a token.
        static let endpoints: [(HTTPMethod, String, Bool)] = [
            (.GET, "/cities", true), (.GET, "/sport-types", true), (.POST, "/accounts", true), (.POST, "/session", true),
            (.DELETE, "/session", false), (.GET, "/me", false), (.PATCH, "/me", false), (.PUT, "/me/password", false),
            (.DELETE, "/me", false), (.GET, "/me/events", false), (.GET, "/me/calendar-feed", false),
            (.POST, "/me/calendar-feed", false), (.DELETE, "/me/calendar-feed", false), (.GET, "/events", false),
            // Naming the city, the search signs its caller in within its own statement (PostgreSQL).
            (.GET, "/events?city=kyiv", false),
            (.POST, "/events", false), (.GET, "/events/{id}", false), (.PUT, "/events/{id}", false),
            (.POST, "/events/{id}/cancel", false), (.POST, "/events/{id}/join", false), (.POST, "/events/{id}/leave", false),
            (.GET, "/events/{id}/participants", false), (.GET, "/notifications", false), (.POST, "/notifications/read", false),
        ]

        @Test("without a token (or with a wrong one) every personal endpoint is 401 with an Error message")
        func anonymous() async throws {
            try await withMoveJoin { app in
                let owner = try await register(app)
                let event = try await createEvent(app, by: owner)
                let before = try await tableCounts(app)
                for (method, template, isPublic) in Self.endpoints where !isPublic {
                    let path = template.replacingOccurrences(of: "{id}", with: event)
                    for token in [nil, "forged-token"] as [String?] {
                        let answer = try await call(app, method, path, token: token)
                        #expect(answer.status == .unauthorized, "\(method) \(path): \(answer.status)")
                        #expect(try answer.error.code == "unauthenticated")
                    }
                }
                #expect(try await tableCounts(app) == before)
            }
        }

        @Test("the public endpoints answer without a token")
        func publicEndpoints() async throws {
            try await withMoveJoin { app in
                let cities = try await call(app, .GET, "/cities", wire: .binary)
                #expect(cities.status == .ok)
                let cityList = try cities.message(MJCityList.self)
                #expect(cityList.cities.contains { $0.id == "kyiv" && $0.name == "Київ" })
                let json = try await call(app, .GET, "/cities", wire: .json, language: "en")
                #expect(try json.message(MJCityList.self).cities.contains { $0.id == "kyiv" && $0.name == "Kyiv" && $0.timeZone == "Europe/Kyiv" })
                // The protobuf answer is smaller than the JSON one.
                #expect(cities.body.count < json.body.count, "\(cities.body.count) vs \(json.body.count)")
                let sports = try await call(app, .GET, "/sport-types").message(MJSportTypeList.self)
                #expect(sports.sportTypes.count >= 12)
            }
        }

        @Test("nobody edits, cancels or reads another person's things by changing an id")
        func othersThings() async throws {
            try await withMoveJoin { app in
                let owner = try await register(app, name: "Власниця")
                let event = try await createEvent(app, by: owner)
                let intruder = try await register(app, name: "Чужий")
                let before = try await tableCounts(app)
                let edit = try await call(app, .PUT, "/events/\(event)", eventInput(title: "Злам"), token: intruder.token)
                #expect(edit.status == .forbidden && edit.errorCode == "forbidden")
                let cancel = try await call(app, .POST, "/events/\(event)/cancel", token: intruder.token)
                #expect(cancel.status == .forbidden)
                // Leaving acts on the caller only: the owner is still in.
                let leave = try await call(app, .POST, "/events/\(event)/leave", token: intruder.token)
                #expect(leave.status == .conflict && leave.errorCode == "not_joined")
                #expect(try await tableCounts(app) == before)
                let stored = try #require(try await SportEvent.find(UUID(uuidString: event), on: app.db))
                #expect(stored.title == "Футбол увечері" && stored.status == .scheduled)
                // Personal endpoints answer about the caller, never anyone else: /me has no id to change.
                let me = try await call(app, .GET, "/me", token: intruder.token).message(MJProfile.self)
                #expect(me.id == intruder.id.uuidString.lowercased())
                // Others see participants' names, never their e-mail addresses.
                let list = try await call(app, .GET, "/events/\(event)/participants", token: intruder.token, wire: .json)
                #expect(!list.text.contains(owner.email))
            }
        }

        @Test("a token of another app does not open MoveJoin")
        func otherAppsToken() async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                let account = try #require(try await Account.find(runner.id, on: app.db))
                account.app = "golden-ager"
                try await account.save(on: app.db)
                #expect(try await call(app, .GET, "/me", token: runner.token).status == .unauthorized)
                #expect(try await call(app, .GET, "/events?city=kyiv", token: runner.token).status == .unauthorized)
            }
        }

        @Test("logging out revokes the token; a password change revokes every other token, the caller's stays")
        func tokens() async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                #expect(try await call(app, .DELETE, "/session", token: runner.token).status == .noContent)
                #expect(try await call(app, .GET, "/me", token: runner.token).status == .unauthorized)
                #expect(try await call(app, .GET, "/events?city=kyiv", token: runner.token).status == .unauthorized)

                var login = MJLoginRequest()
                login.email = runner.email
                login.password = password
                let phone = try await call(app, .POST, "/session", login).message(MJSession.self)
                let tablet = try await call(app, .POST, "/session", login).message(MJSession.self)
                let other = try await register(app, name: "Оля")
                var change = MJChangePasswordRequest()
                change.currentPassword = password
                change.newPassword = "another-pass"
                change.newPasswordRepeat = "another-pass"
                #expect(try await call(app, .PUT, "/me/password", change, token: phone.token).status == .noContent)
                #expect(try await call(app, .GET, "/me", token: phone.token).status == .ok, "the device the change was made on stays signed in")
                #expect(try await call(app, .GET, "/me", token: tablet.token).status == .unauthorized)
                #expect(try await call(app, .GET, "/me", token: other.token).status == .ok, "nobody else is signed out")
                #expect(try await call(app, .POST, "/session", login).status == .unauthorized, "the old password no longer works")
                login.password = "another-pass"
                #expect(try await call(app, .POST, "/session", login).status == .ok)
            }
        }

        @Test("a password change signs the person's other browsers out, keeps this one (under a new session id), and ends browsers when made in the app")
        func passwordChangeEndsOtherSessions() async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                let other = try await register(app, name: "Оля")
                let here = try await signedIn(app, runner.email)
                let elsewhere = try await signedIn(app, runner.email)
                let someoneElse = try await signedIn(app, other.email)
                let before = here.cookies["hromada_session"]

                let changed = try await here.post("/movejoin/account/password",
                                                  form: ["currentPassword": password, "newPassword": "another-pass", "newPasswordRepeat": "another-pass"])
                #expect(changed.status == .seeOther && changed.headers.first(name: .location) == "/movejoin/account/password", "\(changed.status) \(changed.text)")
                #expect(here.cookies["hromada_session"] != nil && here.cookies["hromada_session"] != before, "a new session id")
                #expect(try await here.get("/movejoin/profile").status == .ok)
                #expect(try await elsewhere.get("/movejoin/profile").status == .seeOther)
                #expect(try await someoneElse.get("/movejoin/profile").status == .ok)
                #expect(try await call(app, .GET, "/me", token: runner.token).status == .unauthorized, "every token is revoked")

                // Changed in the app (a token): every browser is signed out.
                var login = MJLoginRequest()
                login.email = runner.email
                login.password = "another-pass"
                let phone = try await call(app, .POST, "/session", login).message(MJSession.self)
                var change = MJChangePasswordRequest()
                change.currentPassword = "another-pass"
                change.newPassword = "third-pass-1"
                change.newPasswordRepeat = "third-pass-1"
                #expect(try await call(app, .PUT, "/me/password", change, token: phone.token).status == .noContent)
                #expect(try await here.get("/movejoin/profile").status == .seeOther)
                #expect(try await someoneElse.get("/movejoin/profile").status == .ok)
            }
        }

        private func signedIn(_ app: Application, _ email: String, password: String = password) async throws -> TestBrowser {
            let browser = TestBrowser(app)
            let response = try await browser.post("/movejoin/login", form: ["email": email, "password": password])
            #expect(response.status == .seeOther, "\(response.status) \(response.text)")
            return browser
        }
    }
}
