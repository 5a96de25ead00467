import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    @Suite("The web UI")
    struct WebTests {
        /// Signs a new person up through the two pages; returns their browser.
        func signUp(_ app: Application, email: String, name: String, city: String = "kyiv") async throws -> TestBrowser {
            let browser = TestBrowser(app)
            let first = try await browser.post("/movejoin/signup", form: ["email": email, "password": "web-password", "passwordRepeat": "web-password"])
            #expect(first.status == .seeOther && first.headers.first(name: .location) == "/movejoin/signup/about-you", "\(first.status) \(first.body.string)")
            let second = try await browser.post("/movejoin/signup/about-you", form: ["name": name, "surname": "Веб", "cityId": city])
            #expect(second.status == .seeOther && second.headers.first(name: .location) == "/movejoin/events", "\(second.body.string)")
            return browser
        }

        @Test("sign-up in two steps keeps no password in the session and signs the person in")
        func signup() async throws {
            try await withMoveJoin { app in
                let browser = try await signUp(app, email: "Web@Example.com", name: "Віра")
                let events = try await browser.get("/movejoin/events")
                #expect(events.status == .ok && events.body.string.contains("Події: Київ"))
                let account = try #require(try await Account.query(on: app.db).filter(\.$login == "web@example.com").first())
                #expect(account.passwordHash.hasPrefix("$2"))
                let sessions = try await app.db.allSessionData()
                #expect(!sessions.contains("web-password"))
            }
        }

        @Test("the first step shows every problem inline and keeps the e-mail")
        func signupErrors() async throws {
            try await withMoveJoin { app in
                let browser = TestBrowser(app)
                let page = try await browser.post("/movejoin/signup", form: ["email": "nope", "password": "short", "passwordRepeat": "other"])
                #expect(page.status == .unprocessableEntity)
                let html = page.body.string
                #expect(html.contains("Введіть адресу електронної пошти") && html.contains("щонайменше 8 символів") && html.contains("Паролі не збігаються"))
                #expect(html.contains("value=\"nope\"") && !html.contains("short"))
                // The second step cannot be reached without the first.
                let skipped = try await TestBrowser(app).get("/movejoin/signup/about-you")
                #expect(skipped.status == .seeOther)
            }
        }

        @Test("the place on the map: coordinates typed with a comma or a point, checked; the event links to the phone's map app and OpenStreetMap")
        func placeOnTheMap() async throws {
            try await withMoveJoin { app in
                let organiser = try await signUp(app, email: "map@example.com", name: "Мапа")
                let day = LocalDateTime(Date().addingTimeInterval(3 * 86_400), in: TimeZone(identifier: "Europe/Kyiv")!).dateString
                var form = ["sportTypeId": "running", "title": "Біг у парку", "cityId": "kyiv", "venue": "Парк Шевченка", "startDate": day,
                            "startTime": "08:00", "durationMinutes": "60", "capacity": "10", "skillLevel": "any"]
                let page = try await organiser.get("/movejoin/events/new").body.string
                #expect(page.contains("name=\"latitude\"") && page.contains("data-geolocate=\"true\""))

                for (latitude, longitude, field) in [("91", "30", "latitude"), ("50,45", "", "longitude"), ("пів", "30", "latitude")] {
                    let refused = try await organiser.post("/movejoin/events/new", form: form.merging(["latitude": latitude, "longitude": longitude]) { $1 })
                    #expect(refused.status == .unprocessableEntity && refused.body.string.contains("field-\(field)-error"), "\(latitude), \(longitude)")
                }
                #expect(try await SportEvent.query(on: app.db).count() == 0)

                form["latitude"] = "50,4433"
                form["longitude"] = "30.5146"
                let created = try await organiser.post("/movejoin/events/new", form: form)
                #expect(created.status == .seeOther)
                let event = try #require(try await SportEvent.query(on: app.db).first())
                #expect(event.latitude == 50.4433 && event.longitude == 30.5146)
                let shown = try await organiser.get(try #require(created.headers.first(name: .location))).body.string
                #expect(shown.contains("href=\"geo:50.443300,30.514600?q=50.443300,30.514600(%D0%9F%D0%B0%D1%80%D0%BA"))
                #expect(shown.contains("https://www.openstreetmap.org/?mlat=50.443300&amp;mlon=30.514600#map=17/50.443300/30.514600"))

                // Searching near a point 1.1 km away: the event says how far it is; a wrong point is explained at its field.
                let list = try await organiser.get("/movejoin/events").body.string
                #expect(list.contains("name=\"near\"") && list.contains("data-geolocate=\"near\"") && list.contains("name=\"within\""))
                let near = try await organiser.get("/movejoin/events?near=50%2C4533%3B+30%2C5146&within=2").body.string
                #expect(near.contains("Біг у парку") && near.contains("1,1 км від вас"), "\(near)")
                #expect(try await organiser.get("/movejoin/events?near=50.4533,30.5146&within=1").body.string.contains("Біг у парку") == false)
                let wrong = try await organiser.get("/movejoin/events?near=north&within=2")
                #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("field-near-error"))

                // Without coordinates, the maps search for the venue in its city.
                let links = MapLinks(latitude: nil, longitude: nil, place: "Поле біля школи, Київ")
                #expect(links.geo.hasPrefix("geo:0,0?q=%D0%9F") && links.openStreetMap.hasPrefix("https://www.openstreetmap.org/search?query=%D0%9F"))
            }
        }

        @Test("create an event from the form (time in the city's zone), see it, another person joins it")
        func createAndJoin() async throws {
            try await withMoveJoin { app in
                let organiser = try await signUp(app, email: "org@example.com", name: "Орг")
                let day = LocalDateTime(Date().addingTimeInterval(3 * 86_400), in: TimeZone(identifier: "Europe/Kyiv")!).dateString
                let bad = try await organiser.post("/movejoin/events/new", form: ["sportTypeId": "football", "title": "", "cityId": "kyiv", "venue": "Поле",
                                                                                 "startDate": day, "startTime": "19:00", "durationMinutes": "abc", "capacity": "10", "skillLevel": "any"])
                #expect(bad.status == .unprocessableEntity)
                #expect(bad.body.string.contains("field-title-error") && bad.body.string.contains("field-durationMinutes-error"))
                #expect(try await SportEvent.query(on: app.db).count() == 0)

                let created = try await organiser.post("/movejoin/events/new", form: [
                    "sportTypeId": "football", "title": "Футбол на Троєщині", "description": "М'яч є", "cityId": "kyiv", "venue": "Поле біля школи",
                    "startDate": day, "startTime": "19:00", "durationMinutes": "90", "capacity": "10", "skillLevel": "any"])
                #expect(created.status == .seeOther)
                let event = try #require(try await SportEvent.query(on: app.db).first())
                #expect(LocalDateTime(event.startsAt, in: TimeZone(identifier: "Europe/Kyiv")!).timeString == "19:00")
                let path = try #require(created.headers.first(name: .location))
                let page = try await organiser.get(path)
                #expect(page.body.string.contains("Футбол на Троєщині") && page.body.string.contains("19:00") && page.body.string.contains("Скасувати подію"))

                let player = try await signUp(app, email: "player@example.com", name: "Гравець")
                let list = try await player.get("/movejoin/events?sport=football&skill=beginner&q=%D1%82%D1%80%D0%BE%D1%94%D1%89")
                #expect(list.body.string.contains("Футбол на Троєщині") && list.body.string.contains("Лишилося 9 місць"))
                let joined = try await player.post("\(path)/join", form: [:])
                #expect(joined.status == .seeOther)
                let after = try await player.get(path)
                #expect(after.body.string.contains("Ви йдете") && after.body.string.contains("Гравець Веб"))
                let ics = try await player.get("\(path)/calendar.ics")
                #expect(ics.headers.first(name: .contentType)?.hasPrefix("text/calendar") == true)
                #expect(ics.body.string.contains("DTSTART;TZID=Europe/Kyiv:") && ics.body.string.contains("T190000"))
                #expect(ics.body.string.contains("STATUS:CONFIRMED") && ics.body.string.contains("BEGIN:VALARM"))
                // Someone who has not joined gets the event to think about: not confirmed, no reminder.
                let looker = try await signUp(app, email: "looker@example.com", name: "Глядач")
                let theirs = try await looker.get("\(path)/calendar.ics").body.string
                #expect(theirs.contains("STATUS:TENTATIVE") && !theirs.contains("BEGIN:VALARM"))
                // A form without the CSRF token is refused.
                let forged = try await player.post("\(path)/leave", form: [:], csrf: false)
                #expect(forged.status == .forbidden)
            }
        }

        @Test("a shared link opens without an account: the event, places left and a preview, nobody's name; joining signs up and comes back")
        func sharedLink() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Організаторка")
                let event = try await createEvent(app, by: host, eventInput(title: "Футбол у суботу", capacity: 6))
                #expect(try await join(app, event, try await register(app, name: "Учасниця")).status == .ok)
                let path = "/movejoin/events/\(event.lowercased())"

                let visitor = TestBrowser(app)
                let page = try await visitor.get(path)
                let html = page.body.string
                #expect(page.status == .ok, "\(page.status)")
                #expect(html.contains("<h1>Футбол у суботу</h1>") && html.contains("Лишилося 4 місця"))
                #expect(html.contains(#"<meta property="og:title" content="Футбол у суботу">"#))
                #expect(html.contains(#"<meta property="og:description" content="Футбол · "#) && html.contains("Лишилося 4 місця\">"))
                #expect(!html.contains("Організаторка") && !html.contains("Учасниця"), "no names for someone without an account")
                let signUpLink = "/movejoin/signup?next=" + path
                #expect(html.contains(#"href="\#(signUpLink)""#) && html.contains(#"href="/movejoin/login?next=\#(path)""#))
                #expect(try await visitor.get("\(path)/people").status != .ok, "the people stay for those signed in")
                let ics = try await visitor.get("\(path)/calendar.ics").body.string
                #expect(ics.contains("SUMMARY:Футбол у суботу") && ics.contains("STATUS:TENTATIVE") && !ics.contains("BEGIN:VALARM"),
                        "a visitor takes the event into a calendar, unconfirmed")

                let form = try await visitor.get(signUpLink)
                #expect(form.body.string.contains(#"name="next" value="\#(path)""#))
                _ = try await visitor.post("/movejoin/signup", form: ["email": "chat@example.com", "password": "web-password",
                                                                    "passwordRepeat": "web-password", "next": path])
                let done = try await visitor.post("/movejoin/signup/about-you", form: ["name": "Новенька", "surname": "Веб", "cityId": "kyiv"])
                #expect(done.status == .seeOther && done.headers.first(name: .location) == path, "back to the event")
                let signedIn = try await visitor.get(path)
                #expect(signedIn.body.string.contains("/join\"") && signedIn.body.string.contains("Організаторка"))

                let elsewhere = TestBrowser(app)
                _ = try await elsewhere.post("/movejoin/signup", form: ["email": "far@example.com", "password": "web-password",
                                                                       "passwordRepeat": "web-password", "next": "https://evil.example/"])
                let away = try await elsewhere.post("/movejoin/signup/about-you", form: ["name": "Інша", "surname": "Веб", "cityId": "kyiv"])
                #expect(away.headers.first(name: .location) == "/movejoin/events", "never away from the app")

                #expect(try await call(app, .POST, "/events/\(event)/cancel", token: host.token).status == .ok)
                let cancelled = try await TestBrowser(app).get(path).body.string
                #expect(cancelled.contains("Скасовано") && !cancelled.contains(signUpLink))
            }
        }

        @Test("deleting the account needs the password; then the person is signed out and gone")
        func deleteAccount() async throws {
            try await withMoveJoin { app in
                let browser = try await signUp(app, email: "bye@example.com", name: "Бувай")
                let wrong = try await browser.post("/movejoin/account/delete", form: ["password": "someone-else"])
                #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("Неправильний пароль"))
                let done = try await browser.post("/movejoin/account/delete", form: ["password": "web-password"])
                #expect(done.status == .seeOther)
                #expect(try await Account.query(on: app.db).filter(\.$login == "bye@example.com").count() == 0)
                let after = try await browser.get("/movejoin/events")
                #expect(after.status == .seeOther)
            }
        }

        @Test("the calendar feed: made in the profile, served at its secret address with reminders, gone when revoked")
        func feed() async throws {
            try await withMoveJoin { app in
                let browser = try await signUp(app, email: "feed@example.com", name: "Календар")
                let profile = try await browser.post("/movejoin/profile/calendar-feed", form: [:])
                let html = profile.body.string
                let start = try #require(html.range(of: "/movejoin/calendar/"))
                let end = try #require(html[start.upperBound...].range(of: ".ics"))
                let path = "/movejoin/calendar/" + html[start.upperBound..<end.lowerBound] + ".ics"
                // Before any event: still a calendar with a component (RFC 5545 needs one), the person's zone.
                let empty = try await TestBrowser(app).get(path).body.string
                #expect(empty.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Kyiv\r\n") && !empty.contains("BEGIN:VEVENT"))
                let day = LocalDateTime(Date().addingTimeInterval(86_400), in: TimeZone(identifier: "Europe/Kyiv")!).dateString
                _ = try await browser.post("/movejoin/events/new", form: [
                    "sportTypeId": "yoga", "title": "Йога", "cityId": "kyiv", "venue": "Парк", "startDate": day, "startTime": "08:00",
                    "durationMinutes": "60", "capacity": "10", "skillLevel": "any"])
                #expect(html.contains(#"href="webcal://"#) && html.contains(#"data-copy="feed-url""#), "a webcal: link and a copy button")
                let anonymous = TestBrowser(app)
                let feed = try await anonymous.get(path)
                #expect(feed.status == .ok && feed.body.string.contains("SUMMARY:Йога") && feed.body.string.contains("BEGIN:VALARM"))
                #expect(feed.body.string.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n"))
                _ = try await browser.post("/movejoin/profile/calendar-feed/revoke", form: [:])
                #expect(try await anonymous.get(path).status == .notFound)
            }
        }
    }
}

extension Database {
    /// The raw data of every stored browser session, to check what is (not) kept there.
    func allSessionData() async throws -> String {
        try await WebSessionRecordProbe.query(on: self).all().map(\.data).joined(separator: "\n")
    }
}

/// A read-only view of the kernel's session table (its own model is internal to the kernel).
final class WebSessionRecordProbe: Model, @unchecked Sendable {
    static let schema = "kernel_web_sessions"
    @ID(key: .id) var id: UUID?
    @Field(key: "data") var data: String
    init() {}
}
