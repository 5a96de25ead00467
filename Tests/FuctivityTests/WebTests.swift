import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension FuctivityTests {
    @Suite("Pages")
    struct WebTests {
        func signUp(_ app: Application, email: String = "marta@example.com") async throws -> TestBrowser {
            let browser = TestBrowser(app)
            _ = try await browser.get("/fuctivity/signup")
            let created = try await browser.post("/fuctivity/signup", form: ["name": "Марта", "email": email, "password": "rest-well-1",
                                                                              "passwordRepeat": "rest-well-1", "timeZone": "Europe/Kyiv"])
            #expect(created.status == .seeOther && created.headers.first(name: .location) == "/fuctivity/onboarding")
            return browser
        }

        @Test("signed out, pages send people to sign in; before onboarding, to onboarding; after it, the week opens")
        func redirects() async throws {
            try await withFuctivity { app in
                let stranger = TestBrowser(app)
                let week = try await stranger.get("/fuctivity/week")
                #expect(week.status == .seeOther && week.headers.first(name: .location)?.hasPrefix("/fuctivity/login") == true)
                let browser = try await signUp(app)
                #expect(try await browser.get("/fuctivity/week").headers.first(name: .location) == "/fuctivity/onboarding")
                let form = ["name": "Марта", "day1": "on", "day2": "on", "workHours": "8", "workStarts": "09:00", "restHours": "2",
                            "dayStarts": "07:00", "dayEnds": "23:00", "timeZone": "Europe/Kyiv"]
                let bad = try await browser.post("/fuctivity/onboarding", form: form.merging(["workHours": "20", "dayEnds": "06:00"]) { $1 })
                #expect(bad.status == .unprocessableEntity && bad.text.contains("Робочих годин на день — від 1 до 16."))
                #expect(bad.text.contains("День має закінчуватися пізніше, ніж починається."))
                let saved = try await browser.post("/fuctivity/onboarding", form: form)
                #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/fuctivity/week")
                let page = try await browser.get("/fuctivity/week")
                #expect(page.status == .ok && page.text.contains("Готово! Ось ваш тиждень."))
                for path in ["/fuctivity/day", "/fuctivity/month", "/fuctivity/statistics?chart=line", "/fuctivity/activities/new", "/fuctivity/profile"] {
                    #expect(try await browser.get(path).status == .ok, "\(path)")
                }
                // A day that does not exist is said so, on every page that takes one, not shown as today.
                for path in ["/fuctivity/day", "/fuctivity/week", "/fuctivity/month", "/fuctivity/statistics", "/fuctivity/activities/new"] {
                    let impossible = try await browser.get("\(path)?day=2026-02-30")
                    #expect(impossible.status == .unprocessableEntity && impossible.text.contains("Такої дати немає"), "\(path): \(impossible.status)")
                }
            }
        }

        @Test("an activity from the form (end after midnight is the next day), overlap warned; another person gets 404; forms need the CSRF token")
        func activityForm() async throws {
            try await withFuctivity { app in
                let browser = try await signUp(app)
                _ = try await browser.post("/fuctivity/onboarding", form: ["name": "Марта", "workHours": "8", "workStarts": "09:00", "restHours": "2",
                                                                           "dayStarts": "07:00", "dayEnds": "23:00", "timeZone": "Europe/Kyiv"])
                let sleep = BuiltInCategory.find("sleep")!.uuid.uuidString
                let created = try await browser.post("/fuctivity/activities", form: ["categoryId": sleep, "description": "Сон", "date": "2026-12-01",
                                                                                      "startTime": "23:00", "endTime": "07:00", "reminder": "30"])
                #expect(created.status == .seeOther)
                let path = try #require(created.headers.first(name: .location))
                let stored = try #require(try await RestActivity.query(on: app.db).first())
                let kyiv = TimeZone(identifier: "Europe/Kyiv")!
                #expect(LocalDateTime(stored.startsAt, in: kyiv).isoMinutes == "2026-12-01T23:00")
                #expect(LocalDateTime(stored.endsAt, in: kyiv).isoMinutes == "2026-12-02T07:00")
                #expect(try await Reminder.query(on: app.db).count() == 1)

                let overlapping = try await browser.post("/fuctivity/activities", form: ["categoryId": sleep, "description": "Подкаст", "date": "2026-12-02",
                                                                                          "startTime": "06:00", "endTime": "06:30"])
                #expect(try await browser.get(try #require(overlapping.headers.first(name: .location))).text.contains("Збережено, але в цей час уже є: Сон."))

                let invalid = try await browser.post("/fuctivity/activities", form: ["categoryId": sleep, "date": "2026-13-01", "startTime": "25:00", "endTime": "07:00"])
                #expect(invalid.status == .unprocessableEntity && invalid.text.contains("Такої дати немає: вкажіть справжню дату у форматі РРРР-ММ-ДД."))

                let forged = try await browser.post("\(path)/delete", form: [:], csrf: false)
                #expect(forged.status == .forbidden)
                let other = try await signUp(app, email: "other@example.com")
                // Before onboarding the other person is sent there; after it, the activity is not found.
                #expect(try await other.get(path).headers.first(name: .location) == "/fuctivity/onboarding")
                _ = try await other.post("/fuctivity/onboarding", form: ["name": "Інша", "workHours": "8", "workStarts": "09:00", "restHours": "2",
                                                                         "dayStarts": "07:00", "dayEnds": "23:00", "timeZone": "Europe/Kyiv"])
                #expect(try await other.get(path).status == .notFound)
                #expect(try await other.post("\(path)/delete", form: [:]).status == .notFound)
                #expect(try await RestActivity.query(on: app.db).filter(\.$deletedAt == nil).count() == 2)
            }
        }
        @Test("own categories on the web: add, rename, refuse a taken name, delete one in use (kept for it), bring it back; nobody else's")
        func categories() async throws {
            try await withFuctivity { app in
                let browser = try await signUp(app)
                _ = try await browser.post("/fuctivity/onboarding", form: ["name": "Марта", "workHours": "8", "workStarts": "09:00", "restHours": "2",
                                                                           "dayStarts": "07:00", "dayEnds": "23:00", "timeZone": "Europe/Kyiv"])
                #expect(try await browser.get("/fuctivity/profile").text.contains("href=\"/fuctivity/categories\""))
                #expect(try await browser.post("/fuctivity/categories", form: ["name": "Йога"]).status == .seeOther)
                let yoga = try #require(try await RestCategory.query(on: app.db).filter(\.$customName == "Йога").first())
                let id = try yoga.requireID()
                let page = try await browser.get("/fuctivity/categories")
                #expect(page.text.contains("Йога") && page.formActions.contains("/fuctivity/categories/\(id)/delete"))

                let taken = try await browser.post("/fuctivity/categories", form: ["name": "сон"])
                #expect(taken.status == .conflict && taken.text.contains("Категорія з такою назвою вже є."))
                let renamed = try await browser.post("/fuctivity/categories/\(id)", form: ["name-\(id)": "Йога вранці"])
                #expect(renamed.status == .seeOther)
                #expect(try await RestCategory.find(id, on: app.db)?.customName == "Йога вранці")
                let empty = try await browser.post("/fuctivity/categories/\(id)", form: ["name-\(id)": "  "])
                #expect(empty.status == .unprocessableEntity && empty.text.contains("id=\"field-name-\(id)-error\""))

                // In use: deleting keeps it for the activity and takes it off the form's choices.
                _ = try await browser.post("/fuctivity/activities", form: ["categoryId": id.uuidString, "description": "Асани", "date": "2026-12-01",
                                                                           "startTime": "07:00", "endTime": "07:30"])
                #expect(try await browser.post("/fuctivity/categories/\(id)/delete", form: [:]).status == .seeOther)
                #expect(try await RestCategory.find(id, on: app.db)?.isArchived == true)
                let activity = try #require(try await RestActivity.query(on: app.db).first())
                #expect(activity.categoryID == id)
                #expect(!(try await browser.get("/fuctivity/activities/new").text.contains("value=\"\(id.uuidString)\"")))
                #expect(try await browser.get("/fuctivity/activities/\(activity.requireID())/edit").text.contains("value=\"\(id.uuidString)\""),
                        "editing its activity still shows it")
                #expect(try await browser.get("/fuctivity/categories").text.contains("Повернути «Йога вранці»"))
                #expect(try await browser.post("/fuctivity/categories", form: ["name": "Йога вранці"]).status == .seeOther)
                #expect(try await RestCategory.find(id, on: app.db)?.isArchived == false)

                // Unused, it is gone; someone else cannot touch it.
                let other = try await signUp(app, email: "other@example.com")
                _ = try await other.post("/fuctivity/onboarding", form: ["name": "Інша", "workHours": "8", "workStarts": "09:00", "restHours": "2",
                                                                         "dayStarts": "07:00", "dayEnds": "23:00", "timeZone": "Europe/Kyiv"])
                #expect(try await other.post("/fuctivity/categories/\(id)", form: ["name-\(id)": "Моя"]).status == .notFound)
                #expect(try await other.post("/fuctivity/categories/\(id)/delete", form: [:]).status == .notFound)
                #expect(try await browser.post("/fuctivity/categories", form: ["name": "Шахи"]).status == .seeOther)
                let chess = try #require(try await RestCategory.query(on: app.db).filter(\.$customName == "Шахи").first())
                #expect(try await browser.post("/fuctivity/categories/\(chess.requireID())/delete", form: [:]).status == .seeOther)
                #expect(try await RestCategory.find(chess.id, on: app.db) == nil)
            }
        }
    }
}
