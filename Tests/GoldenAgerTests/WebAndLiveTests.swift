import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Web pages and live events")
    struct WebAndLiveTests {
        @Test("step-by-step sign-up: one question per screen, an error keeps you on the step, the last step creates the account and signs in")
        func joinWizard() async throws {
            try await withGoldenAger { app in
                let browser = TestBrowser(app)
                let first = try await browser.get("/golden-ager/join/pensioner/1")
                #expect(first.status == .ok)
                #expect(first.text.contains("Крок 1 з 7"))
                let visibleInputs = try NSRegularExpression(pattern: "<(input|select|textarea)(?![^>]*type=\"hidden\")")
                    .numberOfMatches(in: first.text, range: NSRange(first.text.startIndex..., in: first.text))
                #expect(visibleInputs == 1, "one question per screen")

                let bad = try await browser.post("/golden-ager/join/pensioner/1", form: ["phone": "12345"])
                #expect(bad.status == .unprocessableEntity)
                #expect(bad.text.contains("Напишіть український номер мобільного з 10 цифр"))
                // The summary links the problem to its field; nobody hunts for a red border.
                #expect(bad.text.contains("<ul><li><a href=\"#field-phone\">Напишіть український номер мобільного"))
                #expect(bad.text.contains("value=\"12345\""), "what was typed stays")

                let answers: [(String, String)] = [("phone", "+380 67 765 43 21"), ("firstName", "Ганна"), ("lastName", "Петренко"),
                                                   ("birthday", "31.02.1950")]
                for (index, (field, value)) in answers.enumerated() {
                    let response = try await browser.post("/golden-ager/join/pensioner/\(index + 1)", form: [field: value])
                    if field == "birthday" {
                        #expect(response.status == .unprocessableEntity)
                        #expect(response.text.contains("Такої дати немає"))
                    } else {
                        #expect(response.status == .seeOther, "\(field)")
                        #expect(response.headers.first(name: .location) == "/golden-ager/join/pensioner/\(index + 2)")
                    }
                }
                #expect(try await browser.post("/golden-ager/join/pensioner/4", form: ["birthday": "12.03.1950"]).status == .seeOther)
                #expect(try await browser.post("/golden-ager/join/pensioner/5", form: ["city": "kyiv"]).status == .seeOther)
                #expect(try await browser.post("/golden-ager/join/pensioner/6", form: ["address": "вул. Липова, 3"]).status == .seeOther)
                #expect(try await browser.post("/golden-ager/join/pensioner/7", form: ["password": "12345"]).status == .unprocessableEntity)
                let done = try await browser.post("/golden-ager/join/pensioner/7", form: ["password": "secret-1"])
                #expect(done.status == .seeOther)
                #expect(done.headers.first(name: .location) == "/golden-ager/categories")
                let profile = try #require(try await Profile.query(on: app.db).filter(\.$phone == "380677654321").first())
                #expect(profile.birthday == "1950-03-12" && profile.address == "вул. Липова, 3" && profile.role == "pensioner")
                let categories = try await browser.get("/golden-ager/categories")
                #expect(categories.status == .ok)
                #expect(categories.text.contains("Консультація"))

                // The same phone cannot start a second sign-up.
                let again = try await TestBrowser(app).post("/golden-ager/join/volunteer/1", form: ["phone": "0677654321"])
                #expect(again.text.contains("Користувач з таким номером телефону уже існує"))
            }
        }

        @Test("ordering in the browser: a question first, one task even on a double tap, cancel and done with questions")
        func orderInBrowser() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"]).headers.first(name: .location) == "/golden-ager/categories")
                let template = try await firstTemplate(app)
                let page = try await browser.get("/golden-ager/templates/\(template.requireID())")
                #expect(page.text.contains("data-confirm=\"Замовити «\(template.titleUK)»?\""))
                let placed = try await browser.post("/golden-ager/orders", form: ["templateId": try template.requireID().uuidString])
                let location = try #require(placed.headers.first(name: .location))
                let second = try await browser.post("/golden-ager/orders", form: ["templateId": try template.requireID().uuidString])
                #expect(second.headers.first(name: .location) == location, "a double tap shows the same order")
                #expect(try await count(HelpTask.self, app) == 1)
                let status = try await browser.get(location)
                #expect(status.text.contains("Шукаємо волонтера…"))
                #expect(status.text.contains("data-refresh-url=\"\(location)/status\""))
                #expect(status.text.contains("class=\"button button-no button-block\""), "cancel is red")
                #expect(try await browser.post("\(location)/cancel", form: [:]).status == .seeOther)
                #expect(try await browser.get(location).text.contains("Замовлення скасовано."))
                let again = try await browser.post("\(location)/cancel", form: [:])
                #expect(again.status == .seeOther, "a conflict comes back as a message, not an error page")
                #expect(try await browser.get(location).text.contains("вже завершене або скасоване"))
            }
        }

        @Test("live: a new order reaches the city's volunteers' streams (without personal data), the acceptance reaches the pensioner")
        func liveEvents() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                let elsewhere = try await register(app, .volunteer, city: "lviv")
                try await goOnline(app, volunteer)
                try await TestHarness.withLiveServer(app) { base in
                    let volunteerStream = try await EventStreamReader.open("\(base)/golden-ager/api/v1/events", headers: volunteer.auth)
                    let pensionerStream = try await EventStreamReader.open("\(base)/golden-ager/api/v1/events", headers: pensioner.auth)
                    let elsewhereStream = try await EventStreamReader.open("\(base)/golden-ager/api/v1/events", headers: elsewhere.auth)
                    defer { volunteerStream.close(); pensionerStream.close(); elsewhereStream.close() }
                    #expect(volunteerStream.status == .ok)
                    let task = try await order(app, by: pensioner)
                    let created = try #require(try await volunteerStream.next())
                    #expect(created.name == "task.created")
                    #expect(created.data.contains(task.uuidString))
                    #expect(!created.data.contains("Тестова") && !created.data.contains(pensioner.phone))
                    #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
                    var names: [String] = []
                    while let message = try await pensionerStream.next(timeout: .seconds(10)) {
                        names.append(message.name ?? "")
                        if message.name == "task.accepted" { break }
                    }
                    #expect(names.contains("task.accepted"), "\(names)")
                    let other = try await elsewhereStream.next(timeout: .milliseconds(300))
                    #expect(other == nil, "Lviv hears nothing of Kyiv: \(String(describing: other))")
                }
            }
        }

        @Test("an administrator writes a template with its text for the volunteer; without that text the form says what is missing")
        func templateForm() async throws {
            try await withGoldenAger { app in
                let admin = try await makeAdmin(app)
                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": admin.login, "password": "admin-password"]).status == .seeOther)
                let form = try await browser.get("/golden-ager/admin/templates/new")
                #expect(form.status == .ok && form.text.contains("name=\"volunteerUk\"") && form.text.contains("name=\"volunteerEn\""))
                let category = try await firstTemplate(app).$category.id.uuidString
                var fields = ["categoryId": category, "titleUk": "Полити квіти", "titleEn": "Water the plants",
                              "descriptionUk": "Волонтер поллє Ваші квіти.", "descriptionEn": "The volunteer will water your plants.", "minutes": "20"]
                let missing = try await browser.post("/golden-ager/admin/templates", form: fields)
                #expect(missing.status == .unprocessableEntity)
                #expect(missing.text.contains("id=\"field-volunteerUk-error\"") && missing.text.contains("id=\"field-volunteerEn-error\""))
                #expect(try await TaskTemplate.query(on: app.db).filter(\.$titleUK == "Полити квіти").count() == 0)
                fields["volunteerUk"] = "Полийте квіти, спитайте, скільки води їм треба."
                fields["volunteerEn"] = "Water the plants; ask how much water they need."
                #expect(try await browser.post("/golden-ager/admin/templates", form: fields).status == .seeOther)
                let saved = try #require(try await TaskTemplate.query(on: app.db).filter(\.$titleUK == "Полити квіти").first())
                #expect(saved.volunteerDescription(in: .uk) == "Полийте квіти, спитайте, скільки води їм треба.")
                #expect(saved.volunteerDescription(in: .en) == "Water the plants; ask how much water they need.")
            }
        }

        @Test("volunteer pages: inbox card with accept and decline, the accepted task shows the address, hours and a certificate")
        func volunteerPages() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                #expect(try await browser.get("/golden-ager/inbox").text.contains("Ви не на зв’язку"))
                #expect(try await browser.post("/golden-ager/availability", form: ["online": "on"]).status == .seeOther)
                let task = try await order(app, by: pensioner)
                let inbox = try await browser.get("/golden-ager/inbox/list")
                #expect(inbox.text.contains("data-task-id=\"\(task.uuidString)\""))
                #expect(!inbox.text.contains("Тестова"))
                // Opened before accepting, the task page says what is to be done and offers
                // accept and decline — and accepting goes through the page's own form.
                let offer = try await browser.get("/golden-ager/tasks/\(task)")
                let template = try await firstTemplate(app)
                #expect(offer.text.contains(template.titleUK))
                // Written to the volunteer, not the pensioner's «Волонтер запише Вас…».
                let volunteerText = try #require(template.volunteerDescriptionUK)
                #expect(offer.text.contains(volunteerText) && !offer.text.contains(template.descriptionUK))
                #expect(inbox.text.contains(volunteerText))
                #expect(offer.text.contains("Чекає на волонтера"))
                #expect(!offer.text.contains("Тестова"))
                #expect(offer.formActions.filter { $0.hasPrefix("/golden-ager/tasks/") } == ["/golden-ager/tasks/\(task)/accept", "/golden-ager/tasks/\(task)/decline"])
                let acceptAction = try #require(offer.formActions.first { $0.hasSuffix("/accept") })
                #expect(try await browser.post(acceptAction, form: [:]).headers.first(name: .location) == "/golden-ager/tasks/\(task)")
                let page = try await browser.get("/golden-ager/tasks/\(task)")
                #expect(page.text.contains("вул. Тестова, 1"))
                #expect(page.text.contains("Ви взялися допомогти") && !page.text.contains("Волонтер іде"))
                #expect(page.text.contains("href=\"tel:+\(pensioner.phone)\""))
                #expect(try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner).status == .ok)
                let hours = try await browser.get("/golden-ager/assignments/hours")
                // Done seconds after it was accepted: the real time is credited (CreditTests), not the template's hour.
                #expect(hours.text.contains("data-tasks=\"1\"") && hours.text.contains("data-minutes=\"0\""))
                let certificate = try await browser.get("/golden-ager/hours/certificate")
                #expect(certificate.status == .ok)
                #expect(certificate.text.contains("Довідка про волонтерські години"))
                #expect(certificate.text.contains("р., Golden Ager") && !certificate.text.contains("р.."), "one full stop after «р.»")
                #expect(try await browser.get("/golden-ager/hours/certificate?from=2026-05-01&to=2026-04-01").status == .unprocessableEntity)
            }
        }

        @Test("the catalog has every key in both languages with all plural forms; templates are bilingual, 5–10 per category, each with the volunteer's text")
        func catalogAndTemplates() async throws {
            #expect(GoldenAgerStrings.catalog.problems() == [])
            let seeded = SeedCategoriesAndTemplates.templates
            let perCategory = Dictionary(grouping: seeded, by: \.category).mapValues(\.count)
            #expect(Set(perCategory.keys) == ["health", "bills", "delivery", "housework", "repair", "other"])
            #expect(perCategory.values.allSatisfy { (5...10).contains($0) }, "\(perCategory)")
            #expect(seeded.allSatisfy { !$0.titleEN.isEmpty && !$0.descriptionEN.isEmpty && $0.minutes > 0 })
            #expect(Set(AddVolunteerDescriptions.texts.map(\.titleUK)) == Set(seeded.map(\.titleUK)))
            try await withGoldenAger { app in
                let categories = try await Category.query(on: app.db).count()
                let templates = try await TaskTemplate.query(on: app.db).all()
                #expect(categories == 7)
                #expect(templates.count == seeded.count)
                // GA012 found every template GA008 wrote by its title.
                #expect(templates.allSatisfy { $0.volunteerDescriptionUK?.isEmpty == false && $0.volunteerDescriptionEN?.isEmpty == false })
            }
        }
    }
}
