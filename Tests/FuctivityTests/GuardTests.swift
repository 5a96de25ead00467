import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension FuctivityTests {
    @Suite("Authorisation and bad input")
    struct GuardTests {
        @Test("nobody reads, changes, completes, rates, deletes or restores another person's activity, or uses their category")
        func authorisation() async throws {
            try await withFuctivity { app in
                let owner = try await register(app, name: "Власниця")
                let intruder = try await register(app, name: "Чужий")
                let start = Date().addingTimeInterval(-7200)
                let activity = try await addActivity(app, owner, from: start, to: start.addingTimeInterval(3600))
                let own = try await read(FXModels.Category.self, app, .POST, "/categories", as: owner, ["name": "Малювання"])
                let category = own.id.uuidString
                let before = try await tableCounts(app)
                let body: [String: Any] = ["categoryId": BuiltInCategory.other.uuid.uuidString, "startsAt": iso.string(from: start),
                                           "endsAt": iso.string(from: start.addingTimeInterval(60))]
                let attempts: [(HTTPMethod, String, [String: Any]?)] = [
                    (.GET, "/activities/\(activity)", nil), (.PUT, "/activities/\(activity)", body),
                    (.DELETE, "/activities/\(activity)", nil), (.POST, "/activities/\(activity)/restore", nil),
                    (.POST, "/activities/\(activity)/complete", ["status": "done"]), (.POST, "/activities/\(activity)/rating", ["rating": 1]),
                    (.DELETE, "/categories/\(category)", nil),
                ]
                for (method, path, body) in attempts {
                    let answer = try await send(app, method, path, as: intruder, body)
                    #expect(answer.status == .notFound, "\(method) \(path): \(answer.status)")
                }
                // Someone else's category is as unknown as a made-up one.
                var withTheirCategory = body
                withTheirCategory["categoryId"] = category
                let refused = try await send(app, .POST, "/activities", as: intruder, withTheirCategory)
                #expect(try refused.status == .unprocessableEntity && problemFields(refused) == ["categoryId"])
                #expect(try await read([FXModels.Category].self, app, .GET, "/categories", as: intruder).allSatisfy(\.builtIn))
                #expect(try await read([FXModels.Activity].self, app, .GET, "/activities?from=\(LocalDay(start, in: kyiv))&to=\(LocalDay(start, in: kyiv))",
                                       as: intruder).isEmpty)
                #expect(try await tableCounts(app) == before)
                let untouched = try await read(FXModels.Activity.self, app, .GET, "/activities/\(activity)", as: owner)
                #expect(untouched.status == "planned" && untouched.deleted == false)
            }
        }

        @Test("a calendar feed is its owner's alone: another person neither sees, replaces nor revokes it")
        func feedIsPersonal() async throws {
            try await withFuctivity { app in
                let owner = try await register(app, name: "Власниця")
                let other = try await register(app, name: "Чужий")
                let start = Date().addingTimeInterval(86_400)
                _ = try await addActivity(app, owner, from: start, to: start.addingTimeInterval(3600), details: "Таємна прогулянка")
                let made = try await read(FXModels.Feed.self, app, .POST, "/calendar-feed", as: owner)
                let url = try #require(made.url)
                let path = try #require(URL(string: url)?.path)

                #expect(try await send(app, .GET, "/calendar-feed", as: other).status == .notFound)
                #expect(try await send(app, .DELETE, "/calendar-feed", as: other).status == .noContent, "revokes only their own (none)")
                let theirs = try await read(FXModels.Feed.self, app, .POST, "/calendar-feed", as: other)
                let theirURL = try #require(theirs.url)
                let theirPath = try #require(URL(string: theirURL)?.path)
                #expect(theirPath != path)
                #expect(!(try await app.testing().sendRequest(.GET, theirPath).body.string.contains("Таємна прогулянка")))
                // The owner's address still works and still has the owner's activity.
                let feed = try await app.testing().sendRequest(.GET, path)
                #expect(feed.status == .ok && feed.body.string.contains("Таємна прогулянка"))
                // A secret of another app's feed (or a made-up one) opens nothing here.
                #expect(try await app.testing().sendRequest(.GET, "/fuctivity/calendar/\(SecretToken.generate()).ics").status == .notFound)
            }
        }

        @Test("without a token (or with a wrong one) every personal endpoint is 401")
        func anonymous() async throws {
            try await withFuctivity { app in
                let id = UUID().uuidString
                let paths: [(HTTPMethod, String)] = [
                    (.GET, "/me"), (.GET, "/settings"), (.PUT, "/settings"), (.GET, "/categories"), (.POST, "/categories"),
                    (.DELETE, "/categories/\(id)"), (.GET, "/activities"), (.POST, "/activities"), (.GET, "/activities/\(id)"),
                    (.PUT, "/activities/\(id)"), (.DELETE, "/activities/\(id)"), (.POST, "/activities/\(id)/restore"),
                    (.POST, "/activities/\(id)/complete"), (.POST, "/activities/\(id)/rating"), (.GET, "/suggestions"),
                    (.GET, "/statistics"), (.GET, "/calendar-feed"), (.POST, "/calendar-feed"), (.DELETE, "/calendar-feed"),
                    (.GET, "/events"), (.DELETE, "/session"),
                ]
                let stranger = Person(id: UUID(), login: "", token: "not-a-token")
                for (method, path) in paths {
                    for person in [nil, stranger] {
                        let answer = try await send(app, method, path, as: person, [:])
                        #expect(try answer.status == .unauthorized && problemCode(answer) == "unauthenticated", "\(method) \(path)")
                    }
                }
            }
        }

        @Test("bad activities and ratings are 4xx naming the field, and write nothing")
        func badInput() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let start = Date().addingTimeInterval(-7200)
                let activity = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(3600))
                _ = try await send(app, .POST, "/activities/\(activity)/complete", as: marta, ["status": "done"])
                let valid: [String: Any] = ["categoryId": BuiltInCategory.other.uuid.uuidString, "description": "Книжка",
                                            "startsAt": iso.string(from: start), "endsAt": iso.string(from: start.addingTimeInterval(3600))]
                func with(_ changes: [String: Any?]) -> [String: Any] {
                    var body = valid
                    for (key, value) in changes { body[key] = value }
                    return body
                }
                let cases: [([String: Any], String)] = [
                    (with(["endsAt": iso.string(from: start.addingTimeInterval(-60))]), "endsAt"),
                    (with(["endsAt": iso.string(from: start)]), "endsAt"),
                    (with(["endsAt": iso.string(from: start.addingTimeInterval(25 * 3600))]), "endsAt"),
                    (with(["categoryId": UUID().uuidString]), "categoryId"),
                    (with(["categoryId": nil]), "categoryId"),
                    (with(["startsAt": nil]), "startsAt"),
                    (with(["startsAt": "yesterday"]), "startsAt"),
                    (with(["startsAt": 5]), "startsAt"),
                    (with(["description": String(repeating: "я", count: 501)]), "description"),
                    (with(["reminders": [["minutesBefore": -5]]]), "reminders"),
                    (with(["reminders": [["minutesBefore": 5, "at": iso.string(from: start)]]]), "reminders"),
                    (with(["reminders": (1...6).map { ["minutesBefore": $0] }]), "reminders"),
                    (with(["reminders": [["at": iso.string(from: start.addingTimeInterval(7200))]]]), "reminders"),
                    (with(["description": "Книжка\u{0}"]), "description"),   // PostgreSQL cannot store a NUL
                ]
                let before = try await tableCounts(app)
                for (body, field) in cases {
                    for (method, path) in [(HTTPMethod.POST, "/activities"), (.PUT, "/activities/\(activity)")] {
                        let answer = try await send(app, method, path, as: marta, body)
                        #expect((400..<500).contains(answer.status.code) && answer.status != .notFound, "\(method) \(field): \(answer.status)")
                        #expect(try problemFields(answer).contains(field), "\(method) \(field): \(answer.body.string)")
                    }
                }
                for (rating, field) in [(["rating": 7], "rating"), (["rating": 0], "rating"), (["rating": "five"], "rating"),
                                        (["rating": 3, "note": String(repeating: "x", count: 501)], "note"),
                                        (["rating": 3, "note": "до\u{0}бре"], "note")] as [([String: Any], String)] {
                    let answer = try await send(app, .POST, "/activities/\(activity)/rating", as: marta, rating)
                    #expect(try answer.status.code >= 400 && answer.status.code < 500 && problemFields(answer).contains(field), "\(rating)")
                }
                for (settings, field) in [(["workHours": 17], "workHours"), (["restHours": 0], "restHours"), (["workingDays": [0, 8]], "workingDays"),
                                          (["dayStarts": "25:00"], "dayStarts"), (["dayStarts": "22:00", "dayEnds": "21:00"], "dayEnds"),
                                          (["timeZone": "Mars/Olympus"], "timeZone")] as [([String: Any], String)] {
                    let answer = try await send(app, .PUT, "/settings", as: marta, settings)
                    #expect(try answer.status == .unprocessableEntity && problemFields(answer).contains(field), "\(settings)")
                }
                let malformed = try await app.testing().sendRequest(.POST, "\(api)/activities", headers: marta.auth, body: ByteBuffer(string: "{\"categoryId\": "))
                #expect(malformed.status == .badRequest || malformed.status == .unprocessableEntity)
                #expect(try await send(app, .GET, "/activities?from=2026-01-01&to=2026-06-01", as: marta).status == .unprocessableEntity)
                #expect(try await send(app, .GET, "/statistics?week=2026-02-30", as: marta).status == .unprocessableEntity)
                // An impossible day is refused everywhere, not read as today.
                for query in ["date=2026-02-30", "day=2026-02-30", "week=2026-13-01", "day=tomorrow"] {
                    let answer = try await send(app, .GET, "/suggestions?\(query)", as: marta)
                    #expect(try answer.status == .unprocessableEntity && problemFields(answer) == [String(query.prefix { $0 != "=" })], "\(query)")
                }
                let nulWeek = try await send(app, .GET, "/statistics?week=2026-02-02%00", as: marta)
                #expect(try nulWeek.status == .badRequest && problemFields(nulWeek) == ["week"], "\(nulWeek.body.string)")
                let nulCategory = try await send(app, .POST, "/categories", as: marta, ["name": "Йо\u{0}га"])
                #expect(try nulCategory.status == .badRequest && problemFields(nulCategory) == ["name"], "\(nulCategory.body.string)")
                #expect(try await send(app, .GET, "/activities/not-a-uuid", as: marta).status == .notFound)
                #expect(try await tableCounts(app) == before)
                let stored = try await read(FXModels.Activity.self, app, .GET, "/activities/\(activity)", as: marta)
                #expect(stored.rating == nil)
                #expect(stored.description == "Парк")
            }
        }

        @Test("sign-up rules: name, e-mail, password and time zone each named; a taken e-mail is a 409")
        func signUp() async throws {
            try await withFuctivity { app in
                let bad = try await app.testing().sendRequest(.POST, "\(api)/accounts", headers: jsonHeaders,
                                                              body: json(["email": "nope", "password": "short", "timeZone": "Nowhere/City"]))
                #expect(bad.status == .unprocessableEntity)
                #expect(try Set(problemFields(bad)) == ["name", "email", "password", "timeZone"])
                let body: [String: Any] = ["name": "Марта", "email": "Marta@Example.com", "password": "rest-well-1"]
                #expect(try await app.testing().sendRequest(.POST, "\(api)/accounts", headers: jsonHeaders, body: json(body)).status == .created)
                var again = body
                again["email"] = "marta@example.com "
                #expect(try await app.testing().sendRequest(.POST, "\(api)/accounts", headers: jsonHeaders, body: json(again)).status == .conflict)
                let login = try await app.testing().sendRequest(.POST, "\(api)/session", headers: jsonHeaders,
                                                                body: json(["email": "MARTA@example.com", "password": "rest-well-1"]))
                #expect(login.status == .ok)
                #expect(try await Account.query(on: app.db).filter(\.$app == Fuctivity.id).count() == 1)
            }
        }
    }
}
