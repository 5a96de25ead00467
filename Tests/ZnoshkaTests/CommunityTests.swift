import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Solutions under questions: no spoilers, one vote each (changeable, never one's own),
/// sorted by score, comments, reports, moderation with a reason in the audit log, and a
/// limit on posting.
extension ZnoshkaTests {
    @Suite("Community")
    struct CommunityTests {
        /// The test everyone here takes: a mixed one, so that everyone's first question is the same.
        func test(_ app: Application) async throws -> ZnoshkaTest {
            try await mixedCopy(app, of: try await seededTest(app, "mathematics", .topic))
        }

        /// A person who has finished the test (answering its first question); returns that question.
        func answered(_ app: Application, _ person: Person) async throws -> UUID {
            let attempt = try await start(app, try await test(app), as: person)
            let question = attempt.questions[0].id
            _ = try await saveAnswer(app, attempt.id, question, wrongAnswer(try await stored(app, question)), as: person)
            _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: person)
            return question
        }

        @Test("no spoilers: the discussion opens once the question is answered in a finished attempt")
        func noSpoilers() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас")
                let question = try await answered(app, olena)
                let closed = try await send(app, .GET, "/questions/\(question)/solutions", as: taras)
                #expect(closed.status == .forbidden)
                #expect(try problemCode(closed) == "answer_first")
                #expect(try await send(app, .POST, "/questions/\(question)/solutions", as: taras, ["text": "Відповідь Б"]).status == .forbidden)
                // Answering in a running attempt is not enough: the right answer is not shown yet.
                let attempt = try await start(app, try await test(app), as: taras)
                #expect(try await saveAnswer(app, attempt.id, question, ["option": 0], as: taras).status == .ok)
                #expect(try await send(app, .GET, "/questions/\(question)/solutions", as: taras).status == .forbidden)
                #expect(try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: olena).solutions.isEmpty)
                #expect(try await send(app, .GET, "/questions/\(UUID())/solutions", as: olena).status == .notFound)
            }
        }

        @Test("solutions sorted by score; one vote each, changeable, never one's own; comments")
        func votes() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас"), ira = try await register(app, name: "Іра")
                let question = try await answered(app, olena)
                _ = try await answered(app, taras)
                _ = try await answered(app, ira)
                let first = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: olena,
                                                                                 ["text": "Ділимо на $\\frac{1}{2}$."]))
                #expect(first.html.contains("<math"))
                let second = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: taras,
                                                                                  ["text": "Інакше: множимо."]))
                let own = try await send(app, .PUT, "/solutions/\(first.id)/vote", as: olena, ["value": 1])
                #expect(own.status == .forbidden)
                #expect(try problemCode(own) == "own_solution")
                #expect(try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: olena, ["value": 1]).score == 1)
                #expect(try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: olena, ["value": 1]).score == 1,
                        "the same vote twice counts once")
                #expect(try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: ira, ["value": 1]).score == 2)
                #expect(try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: olena, ["value": -1]).score == 0,
                        "changed to a dislike")
                #expect(try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(first.id)/vote", as: ira, ["value": 1]).score == 1)
                #expect(try await send(app, .PUT, "/solutions/\(first.id)/vote", as: ira, ["value": 2]).status == .unprocessableEntity)
                var discussion = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: ira)
                #expect(discussion.solutions.map(\.id) == [first.id, second.id] && discussion.solutions.map(\.score) == [1, 0])
                #expect(discussion.solutions[0].myVote == 1 && !discussion.solutions[0].mine)
                _ = try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: olena, ["value": 1])
                _ = try await read(ZNModels.VoteResult.self, app, .PUT, "/solutions/\(second.id)/vote", as: ira, ["value": 1])
                discussion = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: ira)
                #expect(discussion.solutions.map(\.id) == [second.id, first.id], "re-sorted by score: 2 against 1")
                let comment = try await send(app, .POST, "/solutions/\(first.id)/comments", as: taras, ["text": "Дякую!"])
                #expect(comment.status == .created)
                #expect(try await send(app, .POST, "/solutions/\(first.id)/comments", as: taras, ["text": "  "]).status == .unprocessableEntity)
                discussion = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: olena)
                #expect(discussion.solutions.first { $0.id == first.id }?.comments.map(\.text) == ["Дякую!"])
            }
        }

        @Test("reports, and moderators hiding and restoring with a reason, audit-logged; students cannot moderate")
        func moderation() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас")
                let question = try await answered(app, olena)
                _ = try await answered(app, taras)
                let rude = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: taras, ["text": "Образа"]))
                #expect(try await send(app, .POST, "/reports", as: olena, ["targetType": "solution", "targetId": rude.id.uuidString, "reason": "Образа"])
                    .status == .noContent)
                #expect(try await send(app, .POST, "/reports", as: olena, ["targetType": "solution", "targetId": rude.id.uuidString, "reason": "Ще раз"])
                    .status == .noContent, "reporting twice is once")
                #expect(try await AbuseReport.query(on: app.db).count() == 1)
                #expect(try await send(app, .POST, "/moderation", as: olena, ["targetType": "solution", "targetId": rude.id.uuidString, "reason": "x"])
                    .status == .forbidden)
                let moderator = try await registerAuthor(app)
                #expect(try await send(app, .POST, "/moderation", as: moderator, ["targetType": "solution", "targetId": rude.id.uuidString])
                    .status == .unprocessableEntity, "a reason is required")
                #expect(try await send(app, .POST, "/moderation", as: moderator,
                                       ["targetType": "solution", "targetId": rude.id.uuidString, "reason": "Образа", "hide": true]).status == .noContent)
                #expect(try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: olena).solutions.isEmpty)
                let told = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: taras).solutions
                #expect(told.count == 1 && told.first?.hidden == true && told.first?.hiddenReason == "Образа", "its author is told why")
                let seen = try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: moderator)
                #expect(seen.solutions.first?.hidden == true && seen.solutions.first?.hiddenReason == "Образа")
                #expect(try await send(app, .PUT, "/solutions/\(rude.id)/vote", as: olena, ["value": -1]).status == .notFound)
                #expect(try await send(app, .POST, "/moderation", as: moderator,
                                       ["targetType": "solution", "targetId": rude.id.uuidString, "reason": "Помилково", "hide": false]).status == .noContent)
                #expect(try await read(ZNModels.DiscussionDTO.self, app, .GET, "/questions/\(question)/solutions", as: olena).solutions.count == 1)
                let audit = try await AuditEntry.query(on: app.db).filter(\.$entityID == rude.id.uuidString).sort(\.$at).all()
                #expect(audit.map(\.action) == ["solution.hide", "solution.restore"])
            }
        }

        @Test("the moderators' queue: reported solutions and comments with their reasons; hiding upholds, keeping dismisses; frequent reporters")
        func moderationQueue() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас"), ira = try await register(app, name: "Іра")
                let question = try await answered(app, olena)
                _ = try await answered(app, taras)
                _ = try await answered(app, ira)
                let rude = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: taras, ["text": "Образа"]))
                let fine = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: olena, ["text": "Так і є"]))
                #expect(try await send(app, .POST, "/solutions/\(fine.id)/comments", as: taras, ["text": "Дурня"]).status == .created)
                let comment = try #require(try await SolutionComment.query(on: app.db).first())
                // Reported on the web: the solution by two people, the comment by one.
                let olenaWeb = try await signedInBrowser(app, as: olena), iraWeb = try await signedInBrowser(app, as: ira)
                for (browser, type, id, reason) in [(olenaWeb, "solution", rude.id, "Образа"), (iraWeb, "solution", rude.id, "Грубо"),
                                                    (olenaWeb, "comment", try comment.requireID(), "Неввічливо")] {
                    let reported = try await browser.post("/znoshka/reports", form: ["question": question.uuidString, "targetType": type,
                                                                                     "targetId": id.uuidString, "reason": reason])
                    #expect(reported.status == .seeOther && reported.headers.first(name: .location) == DiscussionPage.path(question))
                }
                #expect(try await olenaWeb.get("/znoshka/moderation").status == .forbidden, "a student has no queue")

                let moderator = try await register(app, name: "Модератор")
                let account = try #require(try await Account.find(moderator.id, on: app.db))
                account.role = Student.moderatorRole
                try await account.save(on: app.db)
                let web = try await signedInBrowser(app, as: moderator)
                var page = try await web.get("/znoshka/moderation").text
                #expect(page.contains("Розв’язання від Тарас") && page.contains("Коментар від Тарас"))
                #expect(page.contains("«Образа» — Олена") && page.contains("«Грубо» — Іра") && page.contains("«Неввічливо» — Олена"))
                #expect(page.contains("2 скарги") && page.contains("1 скарга"))
                #expect(page.range(of: "Розв’язання від Тарас")!.lowerBound < page.range(of: "Коментар від Тарас")!.lowerBound, "the most reported first")
                #expect(try await web.get("/znoshka/profile").text.contains(#"href="/znoshka/moderation""#))
                // The same queue through the API, for a native client; a student's call is a 403.
                let queue = try await read(ZNModels.ModerationQueueDTO.self, app, .GET, "/moderation", as: moderator)
                #expect(queue.items.map(\.targetType) == ["solution", "comment"] && queue.items.map(\.targetId) == [rude.id, comment.id!])
                #expect(queue.items[0].authorName == "Тарас" && queue.items[0].text == "Образа" && queue.items[0].questionId == question)
                #expect(Set(queue.items[0].reports.map(\.reason)) == ["Образа", "Грубо"] && queue.items[1].reports.map(\.reporterName) == ["Олена"])
                #expect(try await send(app, .GET, "/moderation", as: olena).status == .forbidden)

                // Hide the solution from the queue: back to the queue, its reports upheld; keep the comment: dismissed.
                let hidden = try await web.post("/znoshka/moderation", form: ["from": "queue", "targetType": "solution", "targetId": rude.id.uuidString,
                                                                             "reason": "Образа", "hide": "true"])
                #expect(hidden.headers.first(name: .location) == ModerationPage.path)
                _ = try await web.post("/znoshka/moderation", form: ["from": "queue", "targetType": "comment", "targetId": comment.id!.uuidString,
                                                                    "reason": "Це не образа", "hide": "false"])
                let decided = try await AbuseReport.query(on: app.db).all()
                #expect(decided.allSatisfy { $0.decidedAt != nil && $0.decidedBy == moderator.id })
                #expect(decided.filter { $0.upheld == true }.count == 2 && decided.filter { $0.upheld == false }.count == 1)
                #expect(try await SolutionComment.find(comment.id, on: app.db)?.hiddenAt == nil)
                page = try await web.get("/znoshka/moderation").text
                #expect(page.contains("Нових скарг немає.") && !page.contains("Часто скаржаться"))

                // Five reports in 30 days make a frequent reporter, with how they were decided.
                for index in 0..<4 {
                    let post = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: ira,
                                                                                    ["text": "Розв’язок \(index)"]))
                    _ = try await olenaWeb.post("/znoshka/reports", form: ["question": question.uuidString, "targetType": "solution",
                                                                         "targetId": post.id.uuidString, "reason": "Не подобається"])
                }
                page = try await web.get("/znoshka/moderation").text
                #expect(page.contains("Часто скаржаться (за 30 днів)"))
                #expect(page.contains("<strong>Олена</strong> — 6 скарг (підтверджено 1, відхилено 1)"), "\(page)")
                #expect(!page.contains("<strong>Іра</strong>"))
                let reporters = try await read(ZNModels.ModerationQueueDTO.self, app, .GET, "/moderation", as: moderator).frequentReporters
                #expect(reporters.map(\.name) == ["Олена"] && reporters.first.map { [$0.reports, $0.upheld, $0.dismissed] } == [6, 1, 1])
            }
        }

        @Test("the demo's moderator finds a reported post waiting in the queue")
        func demoQueue() async throws {
            try await TestHarness.withApp(apps: [Znoshka(jobInterval: .seconds(3600))], adjust: { $0.demoData = true }) { app in
                let web = TestBrowser(app)
                _ = try await web.get("/znoshka/login")
                let signedIn = try await web.post("/znoshka/login", form: ["email": "moderator@znoshka.example", "password": ZnoshkaDemoData.password])
                #expect(signedIn.status == .seeOther)
                let page = try await web.get("/znoshka/moderation").text
                #expect(page.contains("Розв’язання від Максим") && page.contains("«Образливо, і розв’язку немає.» — Олена"), "\(page)")
            }
        }

        @Test("posting is rate-limited: the eleventh post in ten minutes is a 429 with Retry-After, and nothing is written")
        func rateLimit() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let question = try await answered(app, olena)
                for index in 1...CommunityService.postingLimit {
                    #expect(try await send(app, .POST, "/questions/\(question)/solutions", as: olena, ["text": "Спосіб \(index)"]).status == .created)
                }
                let refused = try await send(app, .POST, "/questions/\(question)/solutions", as: olena, ["text": "Ще один"])
                #expect(refused.status == .tooManyRequests && refused.headers.first(name: "Retry-After") != nil)
                #expect(try await Solution.query(on: app.db).count() == CommunityService.postingLimit)
            }
        }

        @Test("what people write is text: a solution's Markdown keeps no HTML, a comment none at all, on the page too")
        func noMarkup() async throws {
            try await withZnoshka { app in
                let olena = try await register(app, name: "<b>Олена</b>")
                let question = try await answered(app, olena)
                let attack = "<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))"
                let solution = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: olena, ["text": attack]))
                #expect(!solution.html.contains("<script") && !solution.html.contains("<img") && !solution.html.contains("javascript:"))
                _ = try await send(app, .POST, "/solutions/\(solution.id)/comments", as: olena, ["text": attack])
                let browser = try await signedInBrowser(app, as: olena)
                let page = try await browser.get("/znoshka/questions/\(question)/discussion")
                #expect(page.status == .ok)
                #expect(!page.text.contains("<script>alert") && !page.text.contains("<img src=x") && !page.text.contains("<b>Олена"))
                #expect(!page.text.contains("href=\"javascript:"))
            }
        }
    }
}
