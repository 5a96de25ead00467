import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// The pages without JavaScript: every form works as a plain post, the result page shows
/// the review, and nothing a person types reaches a page as markup.
extension ZnoshkaTests {
    @Suite("Pages")
    struct WebTests {
        func signUp(_ app: Application, name: String = "Олена") async throws -> TestBrowser {
            let browser = TestBrowser(app)
            _ = try await browser.get("/znoshka/signup")
            let email = await UniqueLogins.shared.email("page")
            let created = try await browser.post("/znoshka/signup", form: ["name": name, "email": email, "password": "learn-well-1",
                                                                            "passwordRepeat": "learn-well-1", "timeZone": "Europe/Kyiv"])
            #expect(created.status == .seeOther && created.headers.first(name: .location) == "/znoshka/subjects")
            return browser
        }

        func path(_ response: TestingHTTPResponse) -> String { response.headers.first(name: .location) ?? "" }

        @Test("signed out, the subject list is the welcome page; signed in, every tab and content page opens")
        func pagesOpen() async throws {
            try await withZnoshka { app in
                let stranger = TestBrowser(app)
                #expect(try await stranger.get("/znoshka/").text.contains("Зношка — підготовка до НМТ"))
                #expect(path(try await stranger.get("/znoshka/subjects")) == "/znoshka/")
                let browser = try await signUp(app)
                for page in ["/znoshka/subjects", "/znoshka/subjects/history", "/znoshka/review", "/znoshka/statistics", "/znoshka/profile"] {
                    #expect(try await browser.get(page).status == .ok, "\(page)")
                }
                let topic = try #require(try await Topic.query(on: app.db).filter(\.$title == "Степені й корені").first())
                let theory = try await browser.get("/znoshka/topics/\(topic.id!)")
                #expect(theory.status == .ok && theory.text.contains("<math"))
                #expect(try await browser.get("/znoshka/subjects/physics").status == .notFound)
                #expect(try await browser.get("/znoshka/topics/\(UUID())").status == .notFound)
            }
        }

        @Test("a test by plain forms: answer, flag, clear, finish; the result with the review; retake; the review queue")
        func takeByForms() async throws {
            // The server's clock stands still (on a whole second, which the database keeps
            // exactly), so the time left is exact however slow the machine: a loaded run
            // once took more than ten seconds to the first page.
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            try await withZnoshka(clock: ManualClock(now)) { app in
                let browser = try await signUp(app)
                let test = try await seededTest(app, "history", .topic)
                let started = try await browser.post("/znoshka/tests/\(test.id!)/start", form: [:])
                let attemptPath = path(started)
                #expect(attemptPath.hasPrefix("/znoshka/attempts/"))
                let page = try await browser.get(attemptPath)
                let secondsLeft = try #require(page.text.firstMatch(of: /data-seconds-left="(\d+)"/).flatMap { Int($0.output.1) })
                #expect(page.status == .ok && secondsLeft == 1200, "20 minutes, kept by the server")
                let actions = page.formActions.filter { $0.contains("/questions/") }
                #expect(actions.count == 10)
                let ids = try actions.map { try #require(UUID(uuidString: String($0.split(separator: "/").last!))) }
                let first = try await stored(app, ids[0]), sequence = try await stored(app, ids[7]), choose = try await stored(app, ids[9])
                guard case .option(let right) = first.key, case .order(let order) = sequence.key, case .options(let chosen) = choose.key else {
                    Issue.record("the cossack test's shape changed"); return
                }
                let saved = try await browser.post(actions[0], form: ["position": "1", "option": String(right), "action": "save"])
                #expect(path(saved) == "\(attemptPath)#q-1")
                var form = ["position": "8", "action": "save", "flagged": "on"]
                for (place, item) in order.enumerated() { form["place-\(place)"] = String(item) }
                _ = try await browser.post(actions[7], form: form)
                var choices = ["position": "10", "action": "save"]
                for index in chosen { choices["choice-\(index)"] = "on" }
                _ = try await browser.post(actions[9], form: choices)
                _ = try await browser.post(actions[1], form: ["position": "2", "option": "0", "action": "save"])
                _ = try await browser.post(actions[1], form: ["position": "2", "action": "clear"])
                let bad = try await browser.post(actions[2], form: ["position": "3", "option": "9", "action": "save"])
                #expect(path(bad) == "\(attemptPath)#q-3")
                #expect(try await browser.get(attemptPath).text.contains("Така відповідь не підходить до цього завдання."))
                let resumed = try await browser.get(attemptPath).text
                #expect(resumed.contains("class=\"cell answered flagged\""))
                #expect(resumed.contains("Відповіли на 3 з 10."))

                let finished = try await browser.post("\(attemptPath)/finish", form: [:])
                #expect(path(finished) == "\(attemptPath)/result")
                let result = try await browser.get("\(attemptPath)/result")
                #expect(result.status == .ok)
                #expect(result.text.contains("7 з 19 тестових балів"), "1 + 3 + 3 of 19")
                #expect(result.text.components(separatedBy: "<article class=\"card review").count == 11)
                #expect(result.text.contains("Правильна відповідь:") && result.text.contains("Пояснення"))
                #expect(path(try await browser.get(attemptPath)) == "\(attemptPath)/result", "a finished attempt shows its result")
                let late = try await browser.post(actions[3], form: ["position": "4", "option": "0", "action": "save"])
                #expect(path(late) == "\(attemptPath)/result")
                let retake = try await browser.post("/znoshka/tests/\(test.id!)/start", form: [:])
                #expect(path(retake) != attemptPath && path(retake).hasPrefix("/znoshka/attempts/"))

                // Three answered right; the one cleared and the six left blank wait in the queue.
                #expect(try await browser.get("/znoshka/review").text.contains("На сьогодні 7 питань."))
                let statistics = try await browser.get("/znoshka/statistics")
                #expect(statistics.status == .ok && statistics.text.contains("<svg class=\"chart\""), "\(statistics.status): \(statistics.text.suffix(3000))")
            }
        }

        @Test("matching is marked on the answer sheet's grid, a letter per row; what was marked is shown marked again")
        func matchingGrid() async throws {
            try await withZnoshka { app in
                let browser = try await signUp(app)
                let test = try await seededTest(app, "mathematics", .simulation)
                let attemptPath = path(try await browser.post("/znoshka/tests/\(test.id!)/start", form: [:]))
                let page = try await browser.get(attemptPath)
                let actions = page.formActions.filter { $0.contains("/questions/") }
                var matching: (position: Int, action: String, pairs: [Int])?
                for (index, action) in actions.enumerated() {
                    let id = try #require(UUID(uuidString: String(action.split(separator: "/").last!)))
                    if case .pairs(let pairs) = try await stored(app, id).key { matching = (index + 1, action, pairs); break }
                }
                let task = try #require(matching, "a mathematics paper has matching tasks")
                let rows = task.pairs.count
                #expect(page.text.contains("<table class=\"answer-grid\"><caption>Позначте в кожному рядку одну букву"))
                #expect(page.text.contains(#"aria-label="1 — А""#) && page.text.contains(#"<th scope="row">\#(rows)</th>"#))
                var form = ["position": String(task.position), "action": "save"]
                for (row, letter) in task.pairs.enumerated() { form["pair-\(row)"] = String(letter) }
                _ = try await browser.post(task.action, form: form)
                let resumed = try await browser.get(attemptPath).text
                for (row, letter) in task.pairs.enumerated() {
                    #expect(resumed.contains(#"name="pair-\#(row)" value="\#(letter)" checked"#))
                }
                #expect(resumed.components(separatedBy: "\" checked").count - 1 == rows, "one mark per row, nothing else marked")
            }
        }

        @Test("the profile: exam date and reminder time, each refused with its reason; the days to the exam shown in review")
        func profile() async throws {
            try await withZnoshka { app in
                let browser = try await signUp(app)
                let refused = try await browser.post("/znoshka/profile", form: ["name": "Олена", "examDate": "2020-01-01", "reminderTime": "25:00",
                                                                                 "timeZone": "Europe/Kyiv"])
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.text.contains("Вкажіть дату іспиту не раніше сьогодні") && refused.text.contains("Вкажіть час у форматі ГГ:ХХ"))
                let exam = LocalDay(Date(), in: ZnoshkaProfile.defaultTimeZone).adding(days: 30)
                let saved = try await browser.post("/znoshka/profile", form: ["name": "Олена", "examDate": exam.description, "reminderTime": "18:30",
                                                                               "timeZone": "Europe/Kyiv"])
                #expect(saved.status == .seeOther)
                #expect(try await browser.get("/znoshka/review").text.contains("До НМТ 30 днів."))
            }
        }

        @Test("what people type is text on every page: a name, a test's texts, theory written by an author")
        func noMarkup() async throws {
            try await withZnoshka { app in
                let attack = "<script>alert(1)</script><img src=x onerror=alert(2)>"
                let browser = try await signUp(app, name: attack)
                let profile = try await browser.get("/znoshka/profile").text
                #expect(!profile.contains("<script>alert") && profile.contains("&lt;script&gt;"))

                let author = try await registerAuthor(app)
                let authorBrowser = try await signedInBrowser(app, as: author)
                let preview = try await authorBrowser.post("/znoshka/author/theory", form: ["subject": "history", "topic": attack, "title": attack,
                                                                                          "markdown": "Текст \(attack) [посилання](javascript:alert(3))",
                                                                                          "action": "preview"])
                #expect(preview.status == .ok && !preview.text.contains("<script>alert") && !preview.text.contains("<img src=x"))
                let shown = try #require(preview.text.components(separatedBy: "<article class=\"card theory preview\"").last)
                #expect(!shown.contains("javascript:alert") && shown.contains("посилання"), "the link's text stays, its script address does not")
                let saved = try await authorBrowser.post("/znoshka/author/theory", form: ["subject": "history", "topic": attack, "title": attack,
                                                                                        "markdown": "Текст \(attack)", "action": "save"])
                #expect(saved.status == .seeOther)
                let topic = try #require(try await Topic.query(on: app.db).filter(\.$title == attack).first())
                let page = try await browser.get("/znoshka/topics/\(topic.id!)").text
                #expect(!page.contains("<script>alert") && !page.contains("<img src=x") && page.contains("&lt;script&gt;"))

                let seed = try #require(try SeedTests.files().first { $0.name.contains("percent") })
                var file = try #require(try JSONSerialization.jsonObject(with: seed.data) as? [String: Any])
                var questions = try #require(file["questions"] as? [[String: Any]])
                questions[0]["text"] = "Питання \(attack)"
                questions[0]["explanation"] = "Пояснення \(attack)"
                file["questions"] = questions
                file["title"] = "Тест \(attack)"
                let body = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
                let imported = try await authorBrowser.post("/znoshka/author/import", form: ["file": body])
                let testPath = path(imported)
                #expect(testPath.hasPrefix("/znoshka/tests/"))
                let started = try await browser.post("\(testPath)/start", form: [:])
                let attempt = try await browser.get(path(started)).text
                #expect(!attempt.contains("<script>alert") && !attempt.contains("<img src=x") && attempt.contains("&lt;script&gt;"))
                _ = try await browser.post("\(path(started))/finish", form: [:])
                let result = try await browser.get("\(path(started))/result").text
                #expect(!result.contains("<script>alert") && !result.contains("<img src=x"))
            }
        }

        @Test("a block: tabs switch between its subjects under one timer; finishing ends both, on to the combined result")
        func blockTabsAndResult() async throws {
            // The server's clock stands still, so the two parts' time left is compared exactly
            // however slowly a loaded machine serves the two pages.
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            try await withZnoshka(clock: ManualClock(now)) { app in
                let browser = try await signUp(app)
                let started = try await browser.post("/znoshka/blocks", form: ["block": "1"])
                let first = path(started)
                #expect(first.hasPrefix("/znoshka/attempts/"))
                let page = try await browser.get(first).text
                let tabs = try #require(page.firstMatch(of: /<nav class="block-tabs"[^>]*>(.*?)<\/nav>/)?.output.1)
                let links = tabs.matches(of: /href="(\/znoshka\/attempts\/[^"]+)"/).map { String($0.output.1) }
                #expect(links.count == 2 && links[0] == first && tabs.contains("Українська мова") && tabs.contains("Математика"))
                #expect(tabs.contains(#"href="\#(first)" aria-current="page""#))
                let second = links[1]
                let seconds = { (text: String) in text.firstMatch(of: /data-seconds-left="(\d+)"/).flatMap { Int($0.output.1) } ?? -1 }
                let other = try await browser.get(second).text
                #expect(seconds(other) == seconds(page) && seconds(page) == 120 * 60, "one timer for the block")
                #expect(other.contains("Завершити блок"))

                // A mathematics answer given on its tab, then the block finished from Ukrainian.
                let attemptID = try #require(UUID(uuidString: String(second.split(separator: "/").last!)))
                let maths = try #require(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attemptID).sort(\.$position).first())
                let question = try await stored(app, maths.questionID)
                guard case .option(let right) = question.key else { Issue.record("the first mathematics task is a single choice"); return }
                let saved = try await browser.post(second + "/questions/\(maths.questionID.uuidString.lowercased())",
                                                   form: ["position": "1", "option": String(right), "action": "save"])
                #expect(saved.status == .seeOther)
                let finished = try await browser.post(first + "/finish", form: [:])
                let blockPath = path(finished)
                #expect(blockPath.hasPrefix("/znoshka/blocks/"))
                let attempts = try await Attempt.query(on: app.db).filter(\.$blockID != nil).all()
                #expect(attempts.count == 2 && attempts.allSatisfy(\.isFinished))
                let result = try await browser.get(blockPath)
                #expect(result.status == .ok && result.text.contains("Результат блоку НМТ"))
                #expect(result.text.contains("1 з 32") && result.text.contains("0 з 45"), "each subject's own raw points")
                #expect(result.text.contains(first + "/result") && result.text.contains(second + "/result"))
                #expect(try await browser.get(second + "/result").text.contains(#"href="\#(blockPath)""#))

                let stranger = try await signUp(app, name: "Тарас")
                #expect(try await stranger.get(blockPath).status == .notFound)
                #expect(try await browser.get("/znoshka/blocks/\(UUID())").status == .notFound)
            }
        }
    }
}
