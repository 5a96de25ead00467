import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension FuctivityTests {
    @Suite("The API, journey by journey")
    struct APITests {
        @Test("sign up → onboarding → add (with an overlap warning) → done → rate → statistics → suggestions → delete and undo")
        func journey() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let me = try await read(FXModels.Profile.self, app, .GET, "/me", as: marta)
                #expect(me.onboarded == false)

                let settings = try await send(app, .PUT, "/settings", as: marta, [
                    "workingDays": [1, 2, 3, 4], "workHours": 7, "workStarts": "08:30", "restHours": 2, "dayStarts": "07:00", "dayEnds": "23:00"])
                #expect(settings.status == .ok, "\(settings.body.string)")
                let onboarded = try decode(FXModels.Profile.self, settings)
                #expect(onboarded.onboarded == true)
                #expect(onboarded.settings.workingDays == [1, 2, 3, 4])

                let categories = try await read([FXModels.Category].self, app, .GET, "/categories", as: marta)
                #expect(categories.compactMap(\.slug) == BuiltInCategory.all.map(\.id))
                #expect(categories.first?.name == "Сон")
                let yoga = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "Йога"])
                let yogaID = yoga.id.uuidString
                #expect(try await send(app, .POST, "/categories", as: marta, ["name": "ЙОГА"]).status == .conflict)

                // Yesterday evening in Kyiv: a walk, then yoga that overlaps it.
                let yesterday = LocalDay(Date(), in: kyiv).adding(days: -1)
                let walk = try await addActivity(app, marta, from: yesterday.moment(minutes: 18 * 60, in: kyiv),
                                                 to: yesterday.moment(minutes: 19 * 60, in: kyiv), reminders: [["minutesBefore": 15]])
                let overlapping = try await send(app, .POST, "/activities", as: marta, [
                    "categoryId": yogaID, "description": "Розтяжка", "startsAt": iso.string(from: yesterday.moment(minutes: 18 * 60 + 30, in: kyiv)),
                    "endsAt": iso.string(from: yesterday.moment(minutes: 20 * 60, in: kyiv))])
                #expect(overlapping.status == .created)
                let saved = try decode(FXModels.SavedActivityDTO.self, overlapping)
                #expect(saved.overlaps.map(\.id.uuidString) == [walk])
                let yogaActivity = saved.activity.id.uuidString

                let done = try await read(FXModels.Activity.self, app, .POST, "/activities/\(walk)/complete", as: marta, ["status": "done"])
                #expect(done.status == "done")
                #expect(try await send(app, .POST, "/activities/\(walk)/complete", as: marta, ["status": "skipped"]).status == .conflict)
                let rated = try await read(FXModels.Activity.self, app, .POST, "/activities/\(walk)/rating", as: marta, ["rating": 5, "note": "Чудово"])
                #expect(rated.rating == 5 && rated.ratingNote == "Чудово")
                #expect(try await send(app, .POST, "/activities/\(yogaActivity)/rating", as: marta, ["rating": 4]).status == .conflict)

                let stats = try await read(FXModels.Statistics.self, app, .GET, "/statistics?week=\(yesterday)", as: marta)
                let rested = stats.days.first { $0.date == yesterday.description }
                #expect(rested?.restedMinutes == 60 && rested?.plannedMinutes == 90 && rested?.targetMinutes == 120)
                #expect(stats.totalRestedMinutes == 60)
                #expect(stats.ratings.first?.average == 5)
                #expect(stats.previousWeek == yesterday.monday.adding(days: -7).description)

                let suggested = try await read([FXModels.DaySuggestionsDTO].self, app, .GET, "/suggestions?date=\(yesterday)", as: marta)
                // 18:00–19:00 and 18:30–20:00 overlap: two hours planned, not two and a half.
                #expect(suggested.count == 1 && suggested[0].plannedMinutes == 120)
                #expect(suggested[0].slots.isEmpty, "two hours planned: nothing more to suggest")
                let week = try await read([FXModels.DaySuggestionsDTO].self, app, .GET, "/suggestions?week=\(yesterday)", as: marta)
                #expect(week.count == 7 && week.first?.date == yesterday.monday.description)

                // Delete with undo.
                let deleted = try await read(FXModels.Activity.self, app, .DELETE, "/activities/\(yogaActivity)", as: marta)
                #expect(deleted.deleted == true)
                #expect(try await send(app, .GET, "/activities/\(yogaActivity)", as: marta).status == .notFound)
                let range = "/activities?from=\(yesterday)&to=\(yesterday)"
                #expect(try await read([FXModels.Activity].self, app, .GET, range, as: marta).map(\.id.uuidString) == [walk])
                #expect(try await read(FXModels.Activity.self, app, .POST, "/activities/\(yogaActivity)/restore", as: marta).deleted == false)
                #expect(try await read([FXModels.Activity].self, app, .GET, range, as: marta).map(\.id.uuidString) == [walk, yogaActivity])

                // One's own category can be renamed; its activities follow.
                let renamed = try await read(FXModels.Category.self, app, .PUT, "/categories/\(yogaID)", as: marta, ["name": "Йога вдома"])
                #expect(renamed.name == "Йога вдома")
                let taken = try await send(app, .PUT, "/categories/\(yogaID)", as: marta, ["name": "Прогулянка"])
                #expect(try taken.status == .conflict && problemCode(taken) == "category_exists", "a built-in name")

                // Deleted while an activity uses it, it is kept for that activity and no longer offered…
                #expect(try await send(app, .DELETE, "/categories/\(yogaID)", as: marta).status == .noContent)
                let kept = try await read(FXModels.Activity.self, app, .GET, "/activities/\(yogaActivity)", as: marta)
                #expect(kept.categoryId.uuidString == yogaID)
                let listed = try await read([FXModels.Category].self, app, .GET, "/categories", as: marta)
                #expect(listed.first { $0.id.uuidString == yogaID }?.archived == true)
                // …and comes back, the same one, when the person adds that name again.
                let back = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "йога вдома"])
                #expect(back.id.uuidString == yogaID && back.archived == false && back.name == "йога вдома")
                // Unused, it is gone for good.
                let unused = try await read(FXModels.Category.self, app, .POST, "/categories", as: marta, ["name": "Шахи"])
                #expect(try await send(app, .DELETE, "/categories/\(unused.id)", as: marta).status == .noContent)
                #expect(try await RestCategory.find(unused.id, on: app.db) == nil)
            }
        }

        @Test("marking done waits for the start; a planned activity in the future can only be skipped")
        func completion() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let tomorrow = Date().addingTimeInterval(86_400)
                let later = try await addActivity(app, marta, from: tomorrow, to: tomorrow.addingTimeInterval(3600))
                let early = try await send(app, .POST, "/activities/\(later)/complete", as: marta, ["status": "done"])
                #expect(try early.status == .conflict && problemCode(early) == "activity_not_started")
                #expect(try await read(FXModels.Activity.self, app, .POST, "/activities/\(later)/complete", as: marta, ["status": "skipped"]).status == "skipped")
            }
        }

        @Test("an impossible time is a 422 naming its field, in the person's language, and stores nothing")
        func impossibleTimes() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                let before = try await tableCounts(app)
                for (field, text) in [("startsAt", "2026-12-01T25:00:00Z"), ("startsAt", "2026-02-30T10:00:00Z"),
                                      ("endsAt", "2026-12-01T10:60:00Z"), ("endsAt", "2026-12-01T11:00:00")] {
                    var body: [String: Any] = ["categoryId": BuiltInCategory.find("walk")!.uuid.uuidString, "description": "Парк",
                                               "startsAt": "2026-12-01T10:00:00Z", "endsAt": "2026-12-01T11:00:00Z"]
                    body[field] = text
                    let response = try await send(app, .POST, "/activities", as: marta, body)
                    #expect(response.status == .unprocessableEntity, "\(text): \(response.body.string)")
                    let document = try problem(response)
                    #expect(document.code == "invalid_date" && document.fields == [field], "\(text)")
                    #expect(document.detail?.contains("«\(field)»") == true, "Ukrainian by default: \(document.detail ?? "")")
                }
                var english = bearerHeaders(marta.token)
                english.add(name: "Accept-Language", value: "en")
                let inEnglish = try await sendJSON(app, .POST, "\(api)/activities", headers: english, body: [
                    "categoryId": BuiltInCategory.find("walk")!.uuid.uuidString, "description": "Парк",
                    "startsAt": "2026-02-30T10:00:00Z", "endsAt": "2026-12-01T11:00:00Z"])
                #expect(try problem(inEnglish).detail?.contains("must hold a real date or time") == true)
                #expect(try await tableCounts(app) == before, "nothing was stored")
            }
        }

        @Test("the calendar feed: secret address, every activity with an alarm per reminder, gone when revoked")
        func feed() async throws {
            try await withFuctivity { app in
                let marta = try await register(app)
                #expect(try await send(app, .GET, "/calendar-feed", as: marta).status == .notFound)
                let start = LocalDay(Date(), in: kyiv).adding(days: 2).moment(minutes: 18 * 60, in: kyiv)
                _ = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(5400), details: "Прогулянка; з собакою, довга",
                                          reminders: [["minutesBefore": 30], ["at": iso.string(from: start.addingTimeInterval(-86_400))]])
                let created = try await send(app, .POST, "/calendar-feed", as: marta)
                #expect(created.status == .created)
                #expect(created.headers.first(name: .location) == "/fuctivity/api/v1/calendar-feed")
                let url = try #require(try decode(FXModels.Feed.self, created).url)
                let path = try #require(URL(string: url)?.path)
                #expect(path.hasPrefix("/fuctivity/calendar/") && path.hasSuffix(".ics"))

                let feed = try await app.testing().sendRequest(.GET, path)
                #expect(feed.status == .ok && feed.headers.contentType?.description.hasPrefix("text/calendar") == true)
                // Long lines are folded at 75 octets (RFC 5545): unfold before reading.
                let text = feed.body.string.replacingOccurrences(of: "\r\n ", with: "")
                #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Kyiv"))
                #expect(text.contains("DTSTART;TZID=Europe/Kyiv:"))
                #expect(text.contains("SUMMARY:Прогулянка: Прогулянка\\; з собакою\\, довга"))
                #expect(text.contains("TRIGGER;RELATED=START:-PT30M"))
                #expect(text.contains("TRIGGER;VALUE=DATE-TIME:"))
                #expect(text.components(separatedBy: "BEGIN:VALARM").count == 3)

                #expect(try await send(app, .DELETE, "/calendar-feed", as: marta).status == .noContent)
                #expect(try await app.testing().sendRequest(.GET, path).status == .notFound)
            }
        }

        @Test("a due reminder is pushed once to the person's live stream, not to anyone else's")
        func reminderPush() async throws {
            let clock = ManualClock(Date())
            try await withFuctivity(clock: clock) { app in
                let marta = try await register(app)
                let other = try await register(app, name: "Інший")
                let start = clock.now.addingTimeInterval(3600)
                let activity = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1800), reminders: [["minutesBefore": 10]])
                let context = FuctivityContext(app.services)
                let mine = app.kernel.events.events(topics: [FuctivityEvents.topic(for: marta.id)])
                let theirs = app.kernel.events.events(topics: [FuctivityEvents.topic(for: other.id)])
                #expect(try await ReminderPusher(context: context).pushDue() == 0, "not due yet")
                clock.advance(by: 50 * 60)
                #expect(try await ReminderPusher(context: context).pushDue() == 1)
                #expect(try await ReminderPusher(context: context).pushDue() == 0, "pushed once")
                let event = try #require(await next(mine))
                #expect(event.name == "reminder" && event.data.contains(activity))
                let nothing = await next(theirs, timeout: .milliseconds(300))
                #expect(nothing == nil)

                // A deleted activity's reminder falls due: it is claimed, not pushed.
                let soon = clock.now.addingTimeInterval(20 * 60)
                let gone = try await addActivity(app, marta, from: soon, to: soon.addingTimeInterval(1800), reminders: [["minutesBefore": 10]])
                #expect(try await send(app, .DELETE, "/activities/\(gone)", as: marta).status == .ok)
                clock.advance(by: 15 * 60)
                #expect(try await ReminderPusher(context: context).pushDue() == 0)
                #expect(try await Reminder.query(on: app.db).filter(\.$pushedAt == nil).count() == 0)
            }
        }
    }
}
