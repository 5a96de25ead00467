import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
@testable import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting

/// Adding, finishing and the week's statistics answer through one statement that also
/// signs the caller in on PostgreSQL, and through the portable services elsewhere: both
/// are held to the same answers here, and to the same refusals.
extension FuctivityTests {
    @Suite("Calls answered in one round trip")
    struct OneTripTests {
        @Test("adding: the answer carries its reminders in firing order and each overlap with its category and reminders")
        func adding() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let yoga = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "Йога"]).id.uuidString
                let day = LocalDay(Date(), in: kyiv).adding(days: 3)
                let walkStart = day.moment(minutes: 18 * 60, in: kyiv)
                let walk = try await addActivity(app, marta, category: yoga, from: walkStart, to: walkStart.addingTimeInterval(3600),
                                                 reminders: [["minutesBefore": 30], ["at": iso.string(from: walkStart.addingTimeInterval(-86_400))]])
                let start = walkStart.addingTimeInterval(1800)
                let response = try await send(app, .POST, "/activities", as: marta, [
                    "categoryId": BuiltInCategory.find("reading")!.uuid.uuidString, "description": "Книжка",
                    "startsAt": iso.string(from: start), "endsAt": iso.string(from: start.addingTimeInterval(3600)),
                    "reminders": [["minutesBefore": 5], ["minutesBefore": 60], ["minutesBefore": 5]]])
                #expect(response.status == .created, "\(response.body.string)")
                let saved = try decode(FXModels.SavedActivityDTO.self, response)
                let activity = saved.activity
                #expect(activity.categoryName == "Читання" && activity.description == "Книжка")
                #expect(activity.status == "planned" && activity.durationMinutes == 60)
                #expect(activity.reminders.compactMap(\.minutesBefore) == [60, 5], "once each, in firing order")

                let overlaps = saved.overlaps
                #expect(overlaps.count == 1 && overlaps.first?.id.uuidString == walk)
                #expect(overlaps.first?.categoryName == "Йога")
                let reminders = try #require(overlaps.first?.reminders)
                #expect(reminders.count == 2)
                #expect(reminders.first?.at != nil && reminders.first?.minutesBefore == nil, "the day-before moment fires first")
                #expect(reminders.last?.minutesBefore == 30 && reminders.last?.at == nil)

                // The answer is what was stored: read back through the portable path.
                let id = activity.id
                let stored = try decode(JSONValue.self, try await send(app, .GET, "/activities/\(id)", as: marta))
                #expect(stored == (try decode(JSONValue.self, response))["activity"])
                #expect(try await Reminder.query(on: app.db).filter(\.$ownerID == marta.id).count() == 4)
            }
        }

        @Test("adding for many callers in one statement: each gets their own rows; an unknown or lapsed token or another's category writes nothing",
              .enabled(if: TestHarness.isPostgres, "the statement is PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func addingInOneBatch() async throws {
            try await withFuctivity { app in
                let marta = try await register(app), petro = try await register(app, name: "Петро"), olena = try await register(app, name: "Олена")
                let yoga = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "Йога"]).id
                let now = Date(), day = LocalDay(now, in: kyiv).adding(days: 2)
                let walkStart = day.moment(minutes: 18 * 60, in: kyiv)
                let walk = try await addActivity(app, marta, from: walkStart, to: walkStart.addingTimeInterval(3600))
                let walkCategory = BuiltInCategory.find("walk")!.uuid
                func item(_ person: Person, at: Date = now, category: UUID = walkCategory, starts: Date, reminders: [ReminderTiming] = []) -> CreateActivitiesStatement.Item {
                    CreateActivitiesStatement.Item(secretHash: SecretToken.hash(person.token), app: Fuctivity.id, now: at, id: UUID.timeOrdered(at: at),
                                                   categoryID: category, details: "Разом", startsAt: starts, endsAt: starts.addingTimeInterval(1800),
                                                   reminders: reminders.map { (id: UUID.timeOrdered(at: at), timing: $0) })
                }
                let items = [
                    item(marta, category: yoga, starts: walkStart.addingTimeInterval(1800), reminders: [.minutesBefore(10), .minutesBefore(30)]),
                    item(petro, category: yoga, starts: walkStart),                     // marta's category, not petro's
                    item(Person(id: UUID(), login: "", token: "not-a-token"), starts: walkStart),
                    item(marta, starts: walkStart.addingTimeInterval(86_400)),          // the next day: no overlap
                    item(olena, at: now.addingTimeInterval(400 * 86_400), starts: walkStart), // her token has lapsed by then
                ]
                let rows = try await CreateActivitiesStatement.run(items, on: app.db)

                #expect(rows.map(\.count) == [1, 1, 0, 1, 1])
                #expect(rows[0].first?.signIn.accountID == marta.id && rows[0].first?.category?.id == yoga)
                #expect(rows[0].first?.overlap?.activity.id?.uuidString == walk.uppercased(), "marta's walk, which the yoga overlaps")
                #expect(rows[1].first?.signIn.accountID == petro.id && rows[1].first?.category == nil && rows[1].first?.overlap == nil)
                #expect(rows[3].first?.category?.id == walkCategory && rows[3].first?.overlap == nil)
                #expect(rows[4].first?.signIn.accountID == olena.id && rows[4].first?.signIn.valid(at: items[4].now, app: Fuctivity.id) == false)
                #expect(rows[4].first?.category == nil)

                let added = try await RestActivity.query(on: app.db).filter(\.$details == "Разом").all()
                #expect(Set(added.map(\.id)) == [items[0].id, items[3].id])
                #expect(added.allSatisfy { $0.ownerID == marta.id && abs($0.createdAt.timeIntervalSince(now)) < 0.001 }, "made by marta at the item's now")
                let reminders = try await Reminder.query(on: app.db).filter(\.$activityID == items[0].id).all()
                #expect(Set(reminders.map(\.firesAt)) == [walkStart.addingTimeInterval(1200), walkStart])
                #expect(reminders.allSatisfy { $0.ownerID == marta.id })
                #expect(try await RestActivity.query(on: app.db).filter(\.$ownerID ~~ [petro.id, olena.id]).count() == 0)
            }
        }

        @Test("finishing: the answer is the activity with its category and reminders, as reading it afterwards gives")
        func finishing() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let start = Date().addingTimeInterval(-7200)
                let walk = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(3600),
                                                 reminders: [["minutesBefore": 10], ["minutesBefore": 20]])
                let doneAnswer = try await send(app, .POST, "/activities/\(walk)/complete", as: marta, ["status": "done"])
                let done = try decode(FXModels.Activity.self, doneAnswer)
                #expect(done.status == "done" && done.categoryName == "Прогулянка")
                #expect(done.reminders.compactMap(\.minutesBefore) == [20, 10])
                let stored = try decode(JSONValue.self, try await send(app, .GET, "/activities/\(walk)", as: marta))
                #expect(stored == (try decode(JSONValue.self, doneAnswer)))

                let unknown = try await send(app, .POST, "/activities/\(UUID())/complete", as: marta, ["status": "done"])
                #expect(try unknown.status == .notFound && problemCode(unknown) == "activity_not_found")
            }
        }

        @Test("finishing for many callers in one statement: one activity asked twice changes once; another's activity, an unknown token or one not started change nothing",
              .enabled(if: TestHarness.isPostgres, "the statement is PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func finishingInOneBatch() async throws {
            try await withFuctivity { app in
                let marta = try await register(app), petro = try await register(app, name: "Петро")
                let now = Date()
                let started = try await addActivity(app, marta, from: now.addingTimeInterval(-3600), to: now.addingTimeInterval(-1800))
                let ahead = try await addActivity(app, marta, from: now.addingTimeInterval(3600), to: now.addingTimeInterval(7200))
                let petros = try await addActivity(app, petro, from: now.addingTimeInterval(-3600), to: now.addingTimeInterval(-1800))
                func item(_ person: Person, _ id: String, _ status: ActivityStatus) -> CompleteActivitiesStatement.Item {
                    CompleteActivitiesStatement.Item(secretHash: SecretToken.hash(person.token), app: Fuctivity.id, now: now,
                                                     id: UUID(uuidString: id)!, status: status)
                }
                let items = [
                    item(marta, started, .done), item(marta, started, .skipped),
                    item(marta, petros, .done),                                   // petro's: unseen, untouched
                    item(Person(id: UUID(), login: "", token: "not-a-token"), started, .done),
                    item(marta, ahead, .done),                                    // not started: refused
                    item(petro, petros, .skipped),
                ]
                let rows = try await CompleteActivitiesStatement.run(items, on: app.db)

                #expect(rows.map(\.count) == [1, 1, 1, 0, 1, 1])
                #expect(rows[0].first?.changed != rows[1].first?.changed, "one of the two calls for one activity changes it")
                #expect(rows[0].first?.view?.activity.status == .planned && rows[1].first?.view?.activity.status == .planned, "each read it as it was")
                #expect(rows[2].first?.view == nil && rows[2].first?.changed == false)
                #expect(rows[4].first?.view?.activity.id?.uuidString == ahead.uppercased() && rows[4].first?.changed == false)
                #expect(rows[5].first?.changed == true)

                let winner: ActivityStatus = rows[0].first?.changed == true ? .done : .skipped
                #expect(try await RestActivity.find(UUID(uuidString: started), on: app.db)?.status == winner)
                #expect(try await RestActivity.find(UUID(uuidString: ahead), on: app.db)?.status == .planned)
                #expect(try await RestActivity.find(UUID(uuidString: petros), on: app.db)?.status == .skipped, "petro's own call, not marta's")
            }
        }

        @Test("a keyed addition and finishing mark their keys with the work, in its statement on PostgreSQL; a retry gets the first answer")
        func keyedWrites() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                // A retrying client sends the same bytes again.
                func keyed(_ path: String, _ body: ByteBuffer, key: String) async throws -> TestingHTTPResponse {
                    var headers = marta.auth
                    headers.add(name: "Idempotency-Key", value: key)
                    return try await app.testing().sendRequest(.POST, api + path, headers: headers, body: body)
                }
                let start = Date().addingTimeInterval(-7200)
                let walk = json(["categoryId": BuiltInCategory.find("walk")!.uuid.uuidString, "description": "Парк",
                                           "startsAt": iso.string(from: start), "endsAt": iso.string(from: start.addingTimeInterval(3600))])
                let added = try await keyed("/activities", walk, key: "add-park")
                #expect(added.status == .created, "\(added.body.string)")
                let again = try await keyed("/activities", walk, key: "add-park")
                #expect(again.status == .created && again.headers.first(name: "Idempotent-Replayed") == "true")
                #expect(again.body.string == added.body.string)
                #expect(try await RestActivity.query(on: app.db).filter(\.$details == "Парк").count() == 1)

                let id = try decode(FXModels.SavedActivityDTO.self, added).activity.id
                let done = try await keyed("/activities/\(id)/complete", json(["status": "done"]), key: "done-park")
                #expect(done.status == .ok, "\(done.body.string)")
                let marks = try await app.db.sql.raw("SELECT CAST(work_committed AS TEXT) AS mark FROM kernel_idempotency_keys").all()
                    .map { try $0.decode(column: "mark", as: String.self).lowercased() }
                #expect(marks.count == 2 && marks.allSatisfy { $0 == "1" || $0 == "true" }, "both keys marked with their work: \(marks)")
            }
        }

        @Test("the week's statistics equal the portable service's, rated categories named in the request's language")
        func statistics() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let yoga = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "Йога"]).id.uuidString
                let lastWeek = LocalDay(Date(), in: kyiv).monday.adding(days: -5)
                for (category, hour, rating) in [(yoga, 8, 4), ("sleep", 13, 5), ("walk", 23, 3)] {
                    let start = lastWeek.moment(minutes: hour * 60, in: kyiv)
                    let id = try await addActivity(app, marta, category: category, from: start, to: start.addingTimeInterval(5400))
                    #expect(try await send(app, .POST, "/activities/\(id)/complete", as: marta, ["status": "done"]).status == .ok)
                    #expect(try await send(app, .POST, "/activities/\(id)/rating", as: marta, ["rating": rating]).status == .ok)
                }
                var english = marta.auth
                english.replaceOrAdd(name: .acceptLanguage, value: "en")
                let response = try await app.testing().sendRequest(.GET, "\(api)/statistics?week=\(lastWeek)", headers: english)
                let stats = try decode(FXModels.Statistics.self, response)
                let names = stats.ratings.map(\.categoryName)
                #expect(Set(names) == ["Йога", "Sleep", "Walk"])
                // 23:00 + 90 minutes runs past midnight: split between two days.
                let days = stats.days
                #expect(days.map(\.restedMinutes) == [0, 0, 240, 30, 0, 0, 0])

                let context = FuctivityContext(app.services)
                let account = try #require(try await Account.find(marta.id, on: app.db))
                let profile = try #require(try await FuctivityProfile.find(marta.id, on: app.db))
                let portable = try await context.insights.statistics(for: Planner(account: account, profile: profile), week: lastWeek)
                #expect(days.map(\.restedMinutes) == portable.days.map(\.restedMinutes))
                #expect(days.map(\.plannedMinutes) == portable.days.map(\.plannedMinutes))
                #expect(stats.totalRestedMinutes == portable.totalRestedMinutes)

                let malformed = try await send(app, .GET, "/statistics?week=2026-02-30", as: marta)
                #expect(malformed.status == .unprocessableEntity, "\(malformed.status)")
                #expect(try problemFields(malformed) == ["week"])

                // Without a week: this one, in the person's zone.
                let thisWeek = try await read(FXModels.Statistics.self, app, .GET, "/statistics", as: marta)
                #expect(thisWeek.weekStart == LocalDay(Date(), in: kyiv).monday.description)
            }
        }

        @Test("an expired or revoked token, another app's or a deactivated account's: 401 from each call, nothing written")
        func refusals() async throws {
            let clock = ManualClock(Date())
            try await withFuctivity(clock: clock) { app in
                let marta = try await register(app)
                let start = clock.now.addingTimeInterval(-3600)
                let walk = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1800))
                let calls: [(HTTPMethod, String, [String: Any]?)] = [
                    (.GET, "/statistics", nil),
                    (.GET, "/statistics?week=not-a-day", nil),
                    (.POST, "/activities/\(walk)/complete", ["status": "done"]),
                    (.POST, "/activities", ["categoryId": BuiltInCategory.other.uuid.uuidString, "description": "",
                                            "startsAt": iso.string(from: start), "endsAt": iso.string(from: start.addingTimeInterval(600))]),
                ]
                func refusedEverywhere(_ person: Person, _ why: Comment) async throws {
                    let before = try await tableCounts(app)
                    for (method, path, body) in calls {
                        let response = try await send(app, method, path, as: person, body)
                        #expect(try response.status == .unauthorized && problemCode(response) == "unauthenticated", "\(why): \(method) \(path)")
                    }
                    #expect(try await tableCounts(app) == before, why)
                    #expect(try await RestActivity.find(UUID(uuidString: walk)!, on: app.db)?.status == .planned, why)
                }
                try await refusedEverywhere(Person(id: marta.id, login: "", token: "not-a-token"), "unknown token")

                // Another app's account with a token of its own.
                let accounts = app.kernel.accountService(on: app.db, passwords: app.password.async)
                let stranger = try await accounts.register(app: "movejoin", login: "x@example.com", password: "secret-1", role: "member", displayName: "X")
                let strangerToken = try await accounts.issueToken(for: stranger).token
                try await refusedEverywhere(Person(id: try stranger.requireID(), login: "", token: strangerToken), "another app's token")

                let account = try #require(try await Account.find(marta.id, on: app.db))
                account.deactivatedAt = clock.now
                try await account.save(on: app.db)
                try await refusedEverywhere(marta, "deactivated account")
                account.deactivatedAt = nil
                try await account.save(on: app.db)
                #expect(try await send(app, .GET, "/statistics", as: marta).status == .ok)

                clock.advance(by: 400 * 86_400)
                try await refusedEverywhere(marta, "expired token")
                #expect(try await APIToken.query(on: app.db).filter(\.$account.$id == marta.id).count() == 0, "an expired token is deleted")
            }
        }
    }
}
