import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// An order carries when it suits the pensioner and a short note, shown to volunteers
    /// before they accept, with nothing personal.
    @Suite("Preferred time and note")
    struct OrderPreferenceTests {
        static let today = LocalDay(year: 2026, month: 11, day: 25)!

        func parse(_ day: String?, _ part: String? = nil, _ note: String? = nil) -> (OrderPreference, [String]) {
            var validator = Validator()
            let preference = OrderPreference.parse(day: day, part: part, note: note, today: Self.today, into: &validator)
            return (preference, validator.errors.map(\.field))
        }

        @Test("today, tomorrow and a date up to 60 days on are taken; a past, far or impossible day, an unknown part and a long note are named")
        func rules() {
            #expect(parse(nil).0 == OrderPreference())
            #expect(parse("any", "any", "  ").0 == OrderPreference())
            #expect(parse("today").0.date == Self.today)
            #expect(parse("Tomorrow", "evening").0 == OrderPreference(date: LocalDay(year: 2026, month: 11, day: 26), part: .evening))
            #expect(parse("2027-01-24").0.date == LocalDay(year: 2027, month: 1, day: 24))
            #expect(parse("2026-11-24").1 == ["preferredDate"])
            #expect(parse("2027-01-25").1 == ["preferredDate"])
            #expect(parse("2026-02-30").1 == ["preferredDate"])
            #expect(parse(nil, "night").1 == ["preferredPart"])
            #expect(parse(nil, nil, String(repeating: "а", count: 201)).1 == ["note"])
            #expect(parse(nil, nil, "до\u{0}кардіолога").1 == ["note"])
            #expect(parse(nil, nil, " До кардіолога ").0.note == "До кардіолога")
        }

        @Test("through the API: the order keeps them, the volunteer sees them before accepting without any contact; bad ones are 422 and write nothing")
        func api() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let template = try await firstTemplate(app).requireID().uuidString
                for (body, field) in [(["preferredDate": "yesterday"], "preferredDate"), (["preferredPart": "midnight"], "preferredPart"),
                                      (["note": String(repeating: "x", count: 201)], "note")] as [([String: Any], String)] {
                    let refused = try await send(app, .POST, "/tasks", as: pensioner, body: body.merging(["templateId": template]) { $1 })
                    #expect(try refused.status == .unprocessableEntity && problem(refused).fields == [field], "\(body)")
                }
                #expect(try await count(HelpTask.self, app) == 0)

                let note = "До кардіолога <script>alert(1)</script>"
                let created = try await send(app, .POST, "/tasks", as: pensioner,
                                             body: ["templateId": template, "preferredDate": "tomorrow", "preferredPart": "morning", "note": note])
                #expect(created.status == .created, "\(created.body.string)")
                let task = try decode(APIModels.TaskDTO.self, created)
                #expect(task.preferredPart == "morning" && task.note == note && task.preferredDate != nil)

                let inbox = try await send(app, .GET, "/inbox", as: volunteer)
                let offer = try #require(try decode(APIModels.Inbox.self, inbox).tasks.first)
                #expect(offer.preferredDate == task.preferredDate && offer.preferredPart == "morning" && offer.note == note)
                #expect(offer.pensioner == nil && !inbox.body.string.contains("Тестова"))

                // On the volunteer's page the note is text, never markup.
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                let card = try await browser.get("/golden-ager/inbox/list").text
                #expect(card.contains("Примітка: До кардіолога &lt;script&gt;") && !card.contains("<script>alert"))
                #expect(card.contains("Коли: ") && card.contains("вранці"))
            }
        }

        @Test("a phone number in any usual spacing is found; house numbers, flats, dates and times are not")
        func phoneInNote() {
            for phone in ["0671234567", "Подзвоніть на 067 123 45 67", "+38 (067) 123-45-67", "38067\u{A0}123\u{A0}4567",
                          "тел.: 067-123-4567, вул. Садова 5"] {
                #expect(NotePrivacy.containsPhoneNumber(phone), "\(phone)")
                #expect(parse(nil, nil, phone).1 == ["note"], "\(phone)")
            }
            for plain in ["вул. Садова 5 кв 3", "до 12.03.2026", "з 10:00 до 12:00", "12345678", "2 кг гречки, 10 яєць, 1 л молока",
                          "Ліки: 2 × 500 мг"] {
                #expect(!NotePrivacy.containsPhoneNumber(plain), "\(plain)")
                #expect(parse(nil, nil, plain).1.isEmpty, "\(plain)")
            }
        }

        @Test("a note with a phone is refused with 422 on note for the pensioner and a relative, and the form warns while typing")
        func phoneRefused() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let relative = try await register(app, .relative)
                try await link(app, relative, to: pensioner)
                let template = try await firstTemplate(app).requireID().uuidString
                let note = "Подзвоніть на 067 123 45 67, вул. Садова 5 кв 3"
                for (person, extra) in [(pensioner, [:]), (relative, ["pensionerId": pensioner.id.uuidString])] as [(Person, [String: String])] {
                    let refused = try await send(app, .POST, "/tasks", as: person,
                                                 body: extra.merging(["templateId": template, "note": note]) { $1 })
                    #expect(try refused.status == .unprocessableEntity && problem(refused).fields == ["note"])
                    #expect(refused.body.string.contains("телефон отримає лише той, хто погодиться"))
                }
                #expect(try await count(HelpTask.self, app) == 0)

                let id = try await order(app, by: pensioner)

                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"])
                let form = try await browser.get("/golden-ager/orders/\(id)/details").text
                #expect(form.contains("data-warn-target=\"field-note-warning\"") && form.contains("id=\"field-note-warning\""))
                let typed = try await browser.post("/golden-ager/orders/\(id)/details", form: ["preferredDate": "any", "note": note])
                #expect(typed.status == .unprocessableEntity && typed.text.contains("Приберіть номер телефону"))
                #expect(try await HelpTask.find(id, on: app.db)?.note == nil)
            }
        }

        @Test("on the web: a step after ordering; a past day is shown again with its error; saved, volunteers see it live; closed once accepted")
        func web() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let template = try await firstTemplate(app).requireID()
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"])
                #expect(!(try await browser.get("/golden-ager/templates/\(template)").text.contains("preferredPart")), "ordering stays one tap")
                let placed = try await browser.post("/golden-ager/orders", form: ["templateId": template.uuidString])
                let orderPath = try #require(placed.headers.first(name: .location))
                let order = try await browser.get(orderPath).text
                #expect(order.contains("href=\"\(orderPath)/details\""))
                let form = try await browser.get("\(orderPath)/details").text
                #expect(form.contains("name=\"preferredPart\" value=\"evening\"") && form.contains("name=\"note\""))

                let past = try await browser.post("\(orderPath)/details", form: ["preferredDate": "other", "otherDate": "2020-01-01",
                                                                                  "note": "Ліки від тиску"])
                #expect(past.status == .unprocessableEntity && past.text.contains("Цей день уже минув") && past.text.contains("Ліки від тиску"))
                let noDay = try await browser.post("\(orderPath)/details", form: ["preferredDate": "other"])
                #expect(noDay.status == .unprocessableEntity)
                #expect(try await HelpTask.query(on: app.db).first()?.note == nil, "nothing written by the refusals")

                let saved = try await browser.post("\(orderPath)/details", form: ["preferredDate": "tomorrow", "preferredPart": "evening",
                                                                                   "note": "Ліки від тиску"])
                #expect(saved.status == .seeOther)
                let shown = try await browser.get(orderPath).text
                #expect(shown.contains("увечері") && shown.contains("Примітка: Ліки від тиску"))
                let stored = try #require(try await HelpTask.query(on: app.db).first())
                #expect(stored.preferredPart == .evening && stored.preferredDate != nil)
                let offer = try #require(try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: volunteer)).tasks.first)
                #expect(offer.note == "Ліки від тиску" && offer.preferredPart == "evening")

                // Accepted: the volunteer agreed to what they saw; it no longer changes.
                #expect(try await send(app, .POST, "/tasks/\(stored.requireID())/accept", as: volunteer).status == .ok)
                let late = try await browser.post("\(orderPath)/details", form: ["preferredDate": "today", "note": "Інше"])
                #expect(late.status == .conflict && late.text.contains("Волонтер уже погодився"))
                #expect(try await HelpTask.find(stored.id, on: app.db)?.note == "Ліки від тиску")
            }
        }
    }
}
