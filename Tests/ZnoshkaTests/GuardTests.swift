import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Who may do what: nobody reads or changes another person's attempt, answers or
/// statistics; students do not reach authors' pages; a finished attempt never changes;
/// time runs out on the server; bad input is a 4xx that writes nothing.
extension ZnoshkaTests {
    @Suite("Authorisation and rules")
    struct GuardTests {
        @Test("another person's attempt is a 404 for every call, and their statistics and queue are their own")
        func othersAttempt() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас")
                let test = try await seededTest(app, "ukrainian", .topic)
                let attempt = try await start(app, test, as: olena)
                let question = attempt.questions[0].id
                #expect(try await send(app, .GET, "/attempts/\(attempt.id)", as: taras).status == .notFound)
                #expect(try await saveAnswer(app, attempt.id, question, ["option": 0], as: taras).status == .notFound)
                #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: taras).status == .notFound)
                #expect(try await send(app, .GET, "/attempts/\(attempt.id)/review", as: taras).status == .notFound)
                #expect(try await read([ZNModels.AttemptSummary].self, app, .GET, "/attempts", as: taras).isEmpty)
                // The attempt is untouched.
                let mine = try await read(ZNModels.AttemptDTO.self, app, .GET, "/attempts/\(attempt.id)", as: olena)
                #expect(mine.state == "running" && mine.questions.allSatisfy { $0.answer == nil })
                _ = try await saveAnswer(app, attempt.id, question, wrongAnswer(try await stored(app, question)), as: olena)
                _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                #expect(try await send(app, .POST, "/review-queue/\(question)", as: taras, ["answer": ["option": 0]]).status == .notFound)
                #expect(try await read(ZNModels.ReviewQueue.self, app, .GET, "/review-queue", as: taras).total == 0)
                #expect(try await read(ZNModels.Statistics.self, app, .GET, "/statistics", as: taras).subjects.allSatisfy { $0.testsDone == 0 })
                // The web pages agree.
                let browser = try await signedInBrowser(app, as: taras)
                #expect(try await browser.get("/znoshka/attempts/\(attempt.id)").status == .notFound)
                #expect(try await browser.get("/znoshka/attempts/\(attempt.id)/result").status == .notFound)
            }
        }

        @Test("students reach no author page or call; authors import, administrators give the role")
        func authorsOnly() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let file = String(decoding: try #require(try SeedTests.files().first).data, as: UTF8.self)
                let imported = try await sendRaw(app, .POST, "\(api)/author/tests", token: olena.token, file)
                #expect(imported.status == .forbidden)
                let test = try await seededTest(app, "history", .topic)
                #expect(try await send(app, .GET, "/author/tests/\(test.id!)", as: olena).status == .forbidden)
                #expect(try await send(app, .PUT, "/author/roles", as: olena, ["email": olena.login, "author": true]).status == .forbidden)
                let browser = try await signedInBrowser(app, as: olena)
                #expect(try await browser.get("/znoshka/author").status == .forbidden)
                #expect(try await browser.post("/znoshka/author/import", form: ["file": file]).status == .forbidden)

                let author = try await registerAuthor(app)
                let before = try await ZnoshkaTest.query(on: app.db).count()
                let created = try await sendRaw(app, .POST, "\(api)/author/tests", token: author.token, file)
                #expect(created.status == .created, "\(created.body.string)")
                #expect(try await ZnoshkaTest.query(on: app.db).count() == before + 1)
                let exported = try await send(app, .GET, "/author/tests/\(test.id!)", as: author)
                #expect(exported.status == .ok)
                #expect(try TestFile.read(Data(buffer: exported.body)).questions.count == 10)
                // Only an administrator gives the role.
                #expect(try await send(app, .PUT, "/author/roles", as: author, ["email": olena.login, "author": true]).status == .forbidden)
            }
        }

        @Test("an administrator gives a student, moderator or author role, by the API and the page, audit-logged; nothing else")
        func roles() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас"), admin = try await register(app, name: "Адмін")
                let account = try #require(try await Account.find(admin.id, on: app.db))
                account.role = Account.adminRole
                try await account.save(on: app.db)
                let moderator = try await read(ZNModels.Profile.self, app, .PUT, "/author/roles", as: admin, ["email": olena.login, "role": "moderator"])
                #expect(moderator.role == "moderator")
                let olenaWeb = try await signedInBrowser(app, as: olena)
                #expect(try await olenaWeb.get("/znoshka/moderation").status == .ok, "a moderator has the queue")
                #expect(try await olenaWeb.get("/znoshka/author").status == .forbidden, "and writes no content")
                let refused = try await send(app, .PUT, "/author/roles", as: admin, ["email": olena.login, "role": "admin"])
                #expect(refused.status == .unprocessableEntity)
                #expect(try problemFields(refused) == ["role"])
                #expect(try await send(app, .PUT, "/author/roles", as: admin, ["email": "nobody@example.com", "role": "author"]).status == .notFound)
                #expect(try await send(app, .PUT, "/author/roles", as: admin, ["email": admin.login, "role": "student"]).status == .notFound,
                        "an administrator's role does not change this way")
                #expect(try await read(ZNModels.Profile.self, app, .PUT, "/author/roles", as: admin, ["email": olena.login, "author": false]).role == "student")
                #expect(try await read(ZNModels.Profile.self, app, .PUT, "/author/roles", as: admin, ["email": olena.login]).role == "author",
                        "the author role by default, as before")

                let adminWeb = try await signedInBrowser(app, as: admin)
                let given = try await adminWeb.post("/znoshka/author/roles", form: ["email": taras.login, "role": "moderator"])
                #expect(given.status == .seeOther)
                #expect(try await adminWeb.get("/znoshka/author").text.contains("Роль модератора надано: скарги в профілі."))
                #expect(try await Account.find(taras.id, on: app.db)?.role == Student.moderatorRole)
                _ = try await adminWeb.post("/znoshka/author/roles", form: ["email": taras.login, "role": "janitor"])
                #expect(try await adminWeb.get("/znoshka/author").text.contains("Оберіть роль: учень, модератор або автор."))
                #expect(try await Account.find(taras.id, on: app.db)?.role == Student.moderatorRole, "nothing changed")
                let audit = try await AuditEntry.query(on: app.db).filter(\.$action == "account.role").all()
                #expect(audit.count == 4)
            }
        }

        @Test("an import with anything wrong names the place and writes nothing")
        func badImport() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let seed = try #require(try SeedTests.files().first { $0.name.contains("topic") })
                var file = try #require(try JSONSerialization.jsonObject(with: seed.data) as? [String: Any])
                var questions = try #require(file["questions"] as? [[String: Any]])
                let matching = try #require(questions.firstIndex { $0["type"] as? String == "matching" })
                var answer = try #require(questions[matching]["answer"] as? [String: String])
                answer["2"] = "Е"
                questions[matching]["answer"] = answer
                file["questions"] = questions
                let before = try await tableCounts(app)
                let body = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
                let refused = try await sendRaw(app, .POST, "\(api)/author/tests", token: author.token, body)
                #expect(refused.status == .unprocessableEntity)
                #expect(try problemFields(refused) == ["questions[\(matching)].answer.2"], "\(refused.body.string)")
                #expect(try await sendRaw(app, .POST, "\(api)/author/tests", token: author.token, "{not json").status == .unprocessableEntity)
                #expect(try await tableCounts(app) == before)
            }
        }

        @Test("a finished attempt never changes: answers and flags are refused, a second finish gives the same result")
        func finishedIsFinal() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "mathematics", .topic), as: olena)
                let question = attempt.questions[0].id
                _ = try await saveAnswer(app, attempt.id, question, rightAnswer(try await stored(app, question)), as: olena)
                let first = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                let late = try await saveAnswer(app, attempt.id, question, wrongAnswer(try await stored(app, question)), as: olena)
                #expect(late.status == .conflict)
                #expect(try problemCode(late) == "attempt_finished")
                #expect(try await saveAnswer(app, attempt.id, question, nil, flagged: true, as: olena).status == .conflict)
                let second = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                #expect(second.score?.rawPoints == first.score?.rawPoints && second.finishedHow == "submitted")
                #expect(second.questions[0].verdict == "right")
            }
        }

        @Test("time is the server's: after the deadline an answer is refused and the attempt is finished with what was saved")
        func deadline() async throws {
            let clock = ManualClock(Date())
            try await withZnoshka(clock: clock) { app in
                let olena = try await register(app)
                let test = try await seededTest(app, "ukrainian", .topic)
                let attempt = try await start(app, test, as: olena)
                let question = attempt.questions[0].id
                _ = try await saveAnswer(app, attempt.id, question, rightAnswer(try await stored(app, question)), as: olena)
                clock.advance(by: Double(test.minutes * 60) - 1)
                #expect(try await saveAnswer(app, attempt.id, attempt.questions[1].id, ["option": 0], as: olena).status == .ok)
                clock.advance(by: 2)
                let late = try await saveAnswer(app, attempt.id, attempt.questions[2].id, ["option": 0], as: olena)
                #expect(late.status == .conflict)
                #expect(try problemCode(late) == "time_up")
                let finished = try await read(ZNModels.AttemptDTO.self, app, .GET, "/attempts/\(attempt.id)", as: olena)
                #expect(finished.state == "finished" && finished.finishedHow == "timeout")
                #expect(finished.questions[0].verdict == "right" && finished.questions[2].verdict == "unanswered")
            }
        }

        @Test("a person who left: the background job finishes their attempt when the time is up")
        func leftTheTest() async throws {
            let clock = ManualClock(Date())
            try await withZnoshka(clock: clock) { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "history", .topic), as: olena)
                let context = ZnoshkaContext(app.services)
                #expect(try await context.attempts.finishOverdue() == 0)
                clock.advance(by: 21 * 60)
                #expect(try await context.attempts.finishOverdue() == 1)
                let stored = try #require(try await Attempt.find(attempt.id, on: app.db))
                #expect(stored.finishedHow == "timeout" && stored.rawPoints == 0 && stored.passed == false)
                #expect(try await context.attempts.finishOverdue() == 0)
            }
        }

        @Test("bad answers are 422s naming `answer`, and write nothing")
        func badAnswers() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "history", .simulation), as: olena)
                func question(_ type: String) throws -> UUID { try #require(attempt.questions.first { $0.question.type == type }).id }
                let before = try await tableCounts(app)
                let cases: [(UUID, [String: Any])] = [
                    (try question("single"), ["option": 4]),
                    (try question("single"), ["option": 0, "number": "1"]),
                    (try question("single"), ["pairs": [0, 1, 2, 3]]),
                    (try question("matching"), ["pairs": [0, 1, 2]]),
                    (try question("matching"), ["pairs": [0, 1, 2, 7]]),
                    (try question("sequence"), ["order": [0, 1, 2, 9]]),
                    (try question("choose3"), ["options": [0, 1, 2, 3]]),
                    (try question("choose3"), ["options": [1, 1, 2]]),
                ]
                for (id, answer) in cases {
                    let response = try await saveAnswer(app, attempt.id, id, answer, as: olena)
                    #expect(response.status == .unprocessableEntity, "\(answer): \(response.body.string)")
                    #expect(try problemFields(response) == ["answer"], "\(answer)")
                }
                #expect(try await saveAnswer(app, attempt.id, UUID(), ["option": 0], as: olena).status == .notFound)
                #expect(try await send(app, .PUT, "/attempts/\(attempt.id)/answers/not-an-id", as: olena, ["answer": ["option": 0]]).status == .notFound)
                let unchanged = try await read(ZNModels.AttemptDTO.self, app, .GET, "/attempts/\(attempt.id)", as: olena)
                #expect(unchanged.questions.allSatisfy { $0.answer == nil })
                #expect(try await tableCounts(app) == before)
                // A sequence with an item twice is taken as given (and scored so), as the answer sheet allows.
                #expect(try await saveAnswer(app, attempt.id, try question("sequence"), ["order": [0, 0, 1, 2]], as: olena).status == .ok)
                // {} clears.
                let cleared = try decode(ZNModels.AnswerSaved.self, try await saveAnswer(app, attempt.id, try question("sequence"), [:], as: olena))
                #expect(!cleared.answered)
            }
        }
    }
}
