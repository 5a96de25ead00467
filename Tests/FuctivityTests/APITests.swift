import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

@Suite("The API, journey by journey")
struct APITests {
    @Test("sign up → onboarding → add (with an overlap warning) → done → rate → statistics → suggestions → delete and undo")
    func journey() async throws {
        try await withFuctivity { app in
            let marta = try await register(app)
            let me = try object(try await send(app, .GET, "/me", as: marta))
            #expect(me["onboarded"] as? Bool == false)

            let settings = try await send(app, .PUT, "/settings", as: marta, [
                "workingDays": [1, 2, 3, 4], "workHours": 7, "workStarts": "08:30", "restHours": 2, "dayStarts": "07:00", "dayEnds": "23:00"])
            #expect(settings.status == .ok, "\(settings.body.string)")
            let onboarded = try object(settings)
            #expect(onboarded["onboarded"] as? Bool == true)
            #expect((onboarded["settings"] as? [String: Any])?["workingDays"] as? [Int] == [1, 2, 3, 4])

            let categories = try array(try await send(app, .GET, "/categories", as: marta))
            #expect(categories.compactMap { $0["slug"] as? String } == BuiltInCategory.all.map(\.id))
            #expect(categories.first?["name"] as? String == "Сон")
            let yoga = try object(try await send(app, .POST, "/categories", as: marta, ["name": "Йога"]))
            let yogaID = try #require(yoga["id"] as? String)
            #expect(try await send(app, .POST, "/categories", as: marta, ["name": "ЙОГА"]).status == .conflict)

            // Yesterday evening in Kyiv: a walk, then yoga that overlaps it.
            let yesterday = LocalDay(Date(), in: kyiv).adding(days: -1)
            let walk = try await addActivity(app, marta, from: yesterday.moment(minutes: 18 * 60, in: kyiv),
                                             to: yesterday.moment(minutes: 19 * 60, in: kyiv), reminders: [["minutesBefore": 15]])
            let overlapping = try await send(app, .POST, "/activities", as: marta, [
                "categoryId": yogaID, "description": "Розтяжка", "startsAt": iso.string(from: yesterday.moment(minutes: 18 * 60 + 30, in: kyiv)),
                "endsAt": iso.string(from: yesterday.moment(minutes: 20 * 60, in: kyiv))])
            #expect(overlapping.status == .created)
            let saved = try object(overlapping)
            #expect((saved["overlaps"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [walk])
            let yogaActivity = try #require((saved["activity"] as? [String: Any])?["id"] as? String)

            let done = try object(try await send(app, .POST, "/activities/\(walk)/complete", as: marta, ["status": "done"]))
            #expect(done["status"] as? String == "done")
            #expect(try await send(app, .POST, "/activities/\(walk)/complete", as: marta, ["status": "skipped"]).status == .conflict)
            let rated = try object(try await send(app, .POST, "/activities/\(walk)/rating", as: marta, ["rating": 5, "note": "Чудово"]))
            #expect(rated["rating"] as? Int == 5 && rated["ratingNote"] as? String == "Чудово")
            #expect(try await send(app, .POST, "/activities/\(yogaActivity)/rating", as: marta, ["rating": 4]).status == .conflict)

            let stats = try object(try await send(app, .GET, "/statistics?week=\(yesterday)", as: marta))
            let days = try #require(stats["days"] as? [[String: Any]])
            let rested = days.first { $0["date"] as? String == yesterday.description }
            #expect(rested?["restedMinutes"] as? Int == 60 && rested?["plannedMinutes"] as? Int == 90 && rested?["targetMinutes"] as? Int == 120)
            #expect(stats["totalRestedMinutes"] as? Int == 60)
            #expect((stats["ratings"] as? [[String: Any]])?.first?["average"] as? Double == 5)
            #expect(stats["previousWeek"] as? String == yesterday.monday.adding(days: -7).description)

            let suggested = try array(try await send(app, .GET, "/suggestions?date=\(yesterday)", as: marta))
            // 18:00–19:00 and 18:30–20:00 overlap: two hours planned, not two and a half.
            #expect(suggested.count == 1 && (suggested[0]["plannedMinutes"] as? Int) == 120)
            #expect((suggested[0]["slots"] as? [[String: Any]])?.isEmpty == true, "two hours planned: nothing more to suggest")
            let week = try array(try await send(app, .GET, "/suggestions?week=\(yesterday)", as: marta))
            #expect(week.count == 7 && week.first?["date"] as? String == yesterday.monday.description)

            // Delete with undo.
            let deleted = try object(try await send(app, .DELETE, "/activities/\(yogaActivity)", as: marta))
            #expect(deleted["deleted"] as? Bool == true)
            #expect(try await send(app, .GET, "/activities/\(yogaActivity)", as: marta).status == .notFound)
            let range = "/activities?from=\(yesterday)&to=\(yesterday)"
            #expect(try array(try await send(app, .GET, range, as: marta)).compactMap { $0["id"] as? String } == [walk])
            #expect(try object(try await send(app, .POST, "/activities/\(yogaActivity)/restore", as: marta))["deleted"] as? Bool == false)
            #expect(try array(try await send(app, .GET, range, as: marta)).compactMap { $0["id"] as? String } == [walk, yogaActivity])

            // A category of one's own can go; its activities become "Other".
            #expect(try await send(app, .DELETE, "/categories/\(yogaID)", as: marta).status == .noContent)
            let moved = try object(try await send(app, .GET, "/activities/\(yogaActivity)", as: marta))
            #expect(moved["categoryId"] as? String == BuiltInCategory.other.uuid.uuidString)
        }
    }

    @Test("marking done waits for the start; a planned activity in the future can only be skipped")
    func completion() async throws {
        try await withFuctivity { app in
            let marta = try await register(app)
            let tomorrow = Date().addingTimeInterval(86_400)
            let later = try await addActivity(app, marta, from: tomorrow, to: tomorrow.addingTimeInterval(3600))
            let early = try await send(app, .POST, "/activities/\(later)/complete", as: marta, ["status": "done"])
            #expect(early.status == .conflict && problemCode(early) == "activity_not_started")
            #expect(try object(try await send(app, .POST, "/activities/\(later)/complete", as: marta, ["status": "skipped"]))["status"] as? String == "skipped")
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
            let url = try #require(try object(created)["url"] as? String)
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
