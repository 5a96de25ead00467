import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Saving an answer signs the caller in inside its own statement on PostgreSQL
/// (`SaveAnswersStatement`, shared by the saves made at the same moment): these hold it to
/// the portable path's answers on both databases, refusals first. (Every other attempt
/// test saves through it too.)
extension ZnoshkaTests {
    @Suite("Saving in one round trip")
    struct OneTripTests {
        @Test("the listed statements prepare against the migrated tables")
        func statementsPrepare() async throws {
            try await withZnoshka { app in
                try await StatementCheck.expectAllPrepare(Znoshka(), on: app.db)
            }
        }

        @Test("an unknown, expired or another app's token, or a deactivated account: 401 before any other answer, nothing written")
        func refusals() async throws {
            let clock = ManualClock(Date())
            try await withZnoshka(clock: clock) { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "history", .topic), as: olena)
                let question = attempt.questions[0].id
                let answer = rightAnswer(try await stored(app, question))
                func refused(_ person: Person, _ why: Comment) async throws {
                    let before = try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).all().map { "\($0.answer ?? "-") \($0.flagged)" }
                    for body in [["answer": answer, "flagged": true], ["answer": ["option": 99]], ["flagged": "yes"]] as [[String: Any]] {
                        let response = try await send(app, .PUT, "/attempts/\(attempt.id)/answers/\(question)", as: person, body)
                        #expect(response.status == .unauthorized, "\(why): \(body)")
                        #expect(try problem(response).code == "unauthenticated", why)
                    }
                    for path in ["/attempts/\(attempt.id)", "/attempts/not-an-id"] {
                        let response = try await send(app, .GET, path, as: person)
                        #expect(response.status == .unauthorized, "\(why): GET \(path)")
                    }
                    let after = try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).all().map { "\($0.answer ?? "-") \($0.flagged)" }
                    #expect(after == before, why)
                }
                try await refused(Person(id: olena.id, login: "", token: "not-a-token"), "unknown token")

                let accounts = app.kernel.accountService(on: app.db, passwords: app.password.async)
                let stranger = try await accounts.register(app: "movejoin", login: "x@example.com", password: "secret-1", role: "member", displayName: "X")
                let strangerToken = try await accounts.issueToken(for: stranger).token
                try await refused(Person(id: try stranger.requireID(), login: "", token: strangerToken), "another app's token")

                let account = try #require(try await Account.find(olena.id, on: app.db))
                account.deactivatedAt = clock.now
                try await account.save(on: app.db)
                try await refused(olena, "deactivated account")
                account.deactivatedAt = nil
                try await account.save(on: app.db)
                #expect(try await saveAnswer(app, attempt.id, question, answer, as: olena).status == .ok)

                clock.advance(by: 400 * 86_400)
                try await refused(olena, "expired token")
                #expect(try await APIToken.query(on: app.db).filter(\.$account.$id == olena.id).count() == 0, "an expired token is deleted")
            }
        }

        @Test("after the sign-in, the same answers as the portable path: 404 for a foreign or unknown question, 422 for a bad answer, a flag alone keeps the answer")
        func answersAlike() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let taras = try await register(app, name: "Тарас")
                let attempt = try await start(app, try await seededTest(app, "mathematics", .simulation), as: olena)
                let first = attempt.questions[0].id
                let right = rightAnswer(try await stored(app, first))
                #expect(try await saveAnswer(app, attempt.id, first, right, as: taras).status == .notFound)
                #expect(try await saveAnswer(app, attempt.id, UUID(), right, as: olena).status == .notFound)
                let bad = try await saveAnswer(app, attempt.id, first, ["option": 99], as: olena)
                #expect(bad.status == .unprocessableEntity)
                let saved = try await read(ZNModels.AnswerSaved.self, app, .PUT, "/attempts/\(attempt.id)/answers/\(first)", as: olena, ["answer": right])
                #expect(saved.answered && !saved.flagged && saved.secondsLeft > 0)
                let flagged = try await read(ZNModels.AnswerSaved.self, app, .PUT, "/attempts/\(attempt.id)/answers/\(first)", as: olena, ["flagged": true])
                #expect(flagged.answered && flagged.flagged, "a flag alone keeps the answer")
                let cleared = try await read(ZNModels.AnswerSaved.self, app, .PUT, "/attempts/\(attempt.id)/answers/\(first)", as: olena, ["answer": [:]])
                #expect(!cleared.answered && cleared.flagged, "{} clears the answer and keeps the flag")
                let row = try #require(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).filter(\.$questionID == first).first())
                #expect(row.answer == nil && row.answeredAt == nil && row.flagged)
            }
        }

        @Test("saving for many callers in one statement: each gets their own answer; the same answer row again is saved after, as if alone; another's or a finished attempt, or an unknown token, write nothing",
              .enabled(if: TestHarness.isPostgres, "the statement is PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func savingInOneBatch() async throws {
            try await withZnoshka { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас")
                let test = try await seededTest(app, "history", .topic)
                let attempt = try await start(app, test, as: olena)
                let finished = try await start(app, test, as: taras)
                #expect(try await send(app, .POST, "/attempts/\(finished.id)/finish", as: taras).status == .ok)
                var singles: [UUID] = []
                for item in attempt.questions where singles.count < 2 {
                    if case .option = try await stored(app, item.id).key { singles.append(item.id) }
                }
                let (first, second) = (singles[0], singles[1])
                #expect(try await saveAnswer(app, attempt.id, second, ["option": 0], as: olena).status == .ok)
                let now = Date()
                func item(_ person: Person, _ attemptID: UUID, _ question: UUID, _ given: GivenAnswer?, clear: Bool = false,
                          flagged: Bool? = nil) -> SaveAnswersStatement.Item {
                    let write = clear || given != nil
                    return SaveAnswersStatement.Item(
                        secretHash: SecretToken.hash(person.token), app: Znoshka.id, now: now,
                        input: AnswerInput(attemptID: attemptID, questionID: question, given: given, clear: clear, flagged: flagged),
                        writeAnswer: write, answer: write ? AttemptAnswer.encode(given) : nil)
                }
                let items = [
                    item(olena, attempt.id, first, .option(1)),
                    item(olena, attempt.id, first, nil, flagged: true),         // the same row: a flag after the answer
                    item(olena, attempt.id, first, .option(2)),                 // and a changed answer after that
                    item(taras, attempt.id, first, .option(3)),                 // olena's attempt
                    item(Person(id: UUID(), login: "", token: "not-a-token"), attempt.id, first, .option(3)),
                    item(olena, attempt.id, second, nil, clear: true),
                    item(taras, finished.id, finished.questions[0].id, .option(0)),
                ]
                let rows = try await SaveAnswersStatement.run(items, on: app.db)

                #expect(rows.map(\.count) == [1, 1, 1, 1, 0, 1, 1])
                #expect(rows[0].first?.signIn.accountID == olena.id && rows[0].first?.saved?.answered == true && rows[0].first?.saved?.flagged == false)
                #expect(rows[1].first?.saved?.answered == true && rows[1].first?.saved?.flagged == true, "the flag keeps the answer before it")
                #expect(rows[2].first?.saved?.answered == true && rows[2].first?.saved?.flagged == true, "the answer keeps the flag before it")
                #expect(rows[3].first?.signIn.accountID == taras.id && rows[3].first?.saved == nil)
                #expect(rows[5].first?.saved?.answered == false)
                #expect(rows[6].first?.signIn.accountID == taras.id && rows[6].first?.saved == nil)

                let answers = try await AttemptAnswer.query(on: app.db).filter(\.$attemptID ~~ [attempt.id, finished.id]).all()
                let firstRow = try #require(answers.first { $0.attemptID == attempt.id && $0.questionID == first })
                #expect(firstRow.answer == AttemptAnswer.encode(.option(2)) && firstRow.flagged)
                #expect(abs((firstRow.answeredAt ?? .distantPast).timeIntervalSince(now)) < 0.001)
                let secondRow = try #require(answers.first { $0.attemptID == attempt.id && $0.questionID == second })
                #expect(secondRow.answer == nil && secondRow.answeredAt == nil)
                #expect(answers.filter { $0.attemptID == finished.id }.allSatisfy { $0.answer == nil && !$0.flagged }, "the finished attempt is as it was")
            }
        }

        @Test("a save between the finish's read and its write moves the attempt's version on: the write finds it changed and writes nothing, and the finish scores the saved answer",
              .enabled(if: TestHarness.isPostgres, "the statements are PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func saveBetweenReadAndWrite() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let test = try await seededTest(app, "history", .topic)
                let attempt = try await start(app, test, as: olena)
                var singles: [(id: UUID, question: Question)] = []
                for item in attempt.questions where singles.count < 2 {
                    let question = try await stored(app, item.id)
                    if case .option = question.key { singles.append((item.id, question)) }
                }
                let (first, second) = (singles[0], singles[1])
                #expect(try await saveAnswer(app, attempt.id, first.id, wrongAnswer(first.question), as: olena).status == .ok)
                let credential = SignInCaller.Credential(source: SignIn.BearerToken.self, secret: olena.token)
                func read() async throws -> FinishReadStatement.Running {
                    let row = try #require(try await app.db.preparedRows(FinishReadStatement(credential: credential, app: Znoshka.id, now: Date(),
                                                                                             id: attempt.id)).first)
                    return try #require(row.running)
                }
                let before = try await read()

                // Between the read and the write: a save through the API's statement, and one
                // through the service (the web's way); each moves the version on.
                #expect(try await saveAnswer(app, attempt.id, first.id, rightAnswer(first.question), as: olena).status == .ok)
                let afterAPI = try await read()
                #expect(afterAPI.answersVersion == before.answersVersion + 1)
                _ = try await app.znoshkaAttempts.answer(attempt.id, question: second.id, .option(0), clear: false, flagged: nil, owner: olena.id)
                #expect(try await read().answersVersion == afterAPI.answersVersion + 1)

                var questions: [UUID: Question] = [:]
                for answer in before.answers { questions[answer.row.questionID] = try await stored(app, answer.row.questionID) }
                let stale = AttemptScoring(before.answers, questions: questions, test: test)
                let entries = ReviewQueueService.entries(stale.grades, queued: before.queued, exam: nil, at: Date(), inTest: true)
                let written = try await app.db.preparedRows(FinishWriteStatement(attemptID: attempt.id, owner: olena.id, answersVersion: before.answersVersion,
                                                                                 scoring: stale, entries: entries, now: Date()))
                #expect(written.isEmpty, "the write of a stale read finds nothing")
                #expect(try await Attempt.find(attempt.id, on: app.db)?.finishedAt == nil)
                #expect(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).filter(\.$verdict != nil).count() == 0)
                #expect(try await ReviewItem.query(on: app.db).filter(\.$ownerID == olena.id).count() == 0)

                #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena).status == .ok)
                let scored = try #require(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).filter(\.$questionID == first.id).first())
                #expect(scored.verdict == "right" && scored.points == 1, "the answer saved between is the one scored")
            }
        }

        @Test("finishing in two statements scores and queues as the service does: points, verdicts, the score, review items new, lapsed and reviewed well, before the exam date")
        func finishingAlike() async throws {
            let clock = ManualClock(Date())
            try await withZnoshka(clock: clock) { app in
                let olena = try await register(app), taras = try await register(app, name: "Тарас")
                let exam = LocalDay(clock.now, in: ZnoshkaProfile.defaultTimeZone).adding(days: 20)
                for person in [olena, taras] {
                    #expect(try await send(app, .PATCH, "/me", as: person, ["examDate": exam.description]).status == .ok)
                }
                // Both sit one paper (a mixed test is asked as its author chose it; a simulation would be
                // drawn afresh for each) made of the mathematics simulation's tasks.
                let simulation = try await seededTest(app, "mathematics", .simulation)
                let places = try await TestQuestion.query(on: app.db).filter(\.$testID == simulation.id!).sort(\.$position).all()
                var tasks: [AuthoredQuestion] = []
                for place in places { tasks.append(try await stored(app, place.questionID)) }
                let paper = AuthoredTest(subject: "mathematics", kind: .mixed, topic: nil, title: "Одна й та сама", minutes: 180, questions: tasks)
                let testID = try await ContentImporter(db: app.db, now: clock.now).importTest(paper)
                let test = try #require(try await ZnoshkaTest.find(testID, on: app.db))
                /// Right, wrong and unanswered in turn; a matching question partly right (one pair wrong).
                func answerAll(_ attempt: ZNModels.AttemptDTO, as person: Person, round: Int) async throws {
                    for (index, item) in attempt.questions.enumerated() {
                        let question = try await stored(app, item.id)
                        var answer: [String: Any]? = [0: rightAnswer(question), 1: wrongAnswer(question)][(index + round) % 3]
                        if case .pairs(var pairs) = question.key, case .matching(_, let options) = question.kind {
                            pairs[0] = (pairs[0] + 1) % options
                            answer = ["pairs": pairs]
                        }
                        if let answer { #expect(try await saveAnswer(app, attempt.id, item.id, answer, as: person).status == .ok) }
                    }
                }
                func reviewItems(_ person: Person) async throws -> [String] {
                    try await ReviewItem.query(on: app.db).filter(\.$ownerID == person.id).all().map { item in
                        "\(item.questionID) \(item.stability) \(item.difficulty) \(item.lastReview.timeIntervalSince1970) \(item.due.timeIntervalSince1970) \(item.reviews) \(item.lapses)"
                    }.sorted()
                }
                // The second round meets the items the first queued.
                for round in 0..<2 {
                    let mine = try await start(app, test, as: olena), his = try await start(app, test, as: taras)
                    try await answerAll(mine, as: olena, round: round)
                    try await answerAll(his, as: taras, round: round)
                    clock.advance(by: 3600)
                    #expect(try await send(app, .POST, "/attempts/\(mine.id)/finish", as: olena).status == .ok)
                    _ = try await app.znoshkaAttempts.finishView(his.id, owner: taras.id)

                    let fast = try #require(try await Attempt.find(mine.id, on: app.db)), portable = try #require(try await Attempt.find(his.id, on: app.db))
                    #expect(fast.rawPoints == portable.rawPoints && fast.scaled == portable.scaled && fast.passed == portable.passed, "round \(round)")
                    #expect(fast.finishedHow == "submitted" && fast.finishedAt == portable.finishedAt)
                    #expect((fast.rawPoints ?? 0) > 0 && (fast.rawPoints ?? 0) < fast.maxPoints)
                    func scored(_ attempt: UUID) async throws -> [String] {
                        try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt).sort(\.$position).all()
                            .map { "\($0.questionID) \($0.points.map(String.init) ?? "-") \($0.verdict ?? "-")" }
                    }
                    let points = try await scored(mine.id)
                    #expect(points == (try await scored(his.id)), "round \(round)")
                    #expect(Set(points.map { $0.split(separator: " ")[2] }) == ["right", "wrong", "partly", "unanswered"])
                    let queued = try await reviewItems(olena), queuedToo = try await reviewItems(taras)
                    #expect(!queued.isEmpty && queued == queuedToo, "round \(round)")
                }
                #expect(try await ReviewItem.query(on: app.db).filter(\.$ownerID == olena.id).filter(\.$reviews == 2).count() > 0, "items reviewed twice")
            }
        }

        @Test("the question page read in one statement is the service's view: running, flagged and partly answered, then finished; others' and unknown ids are 404")
        func viewAlike() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let taras = try await register(app, name: "Тарас")
                let attempt = try await start(app, try await seededTest(app, "history", .simulation), as: olena)
                for (index, item) in attempt.questions.enumerated() where index % 3 == 0 {
                    _ = try await saveAnswer(app, attempt.id, item.id, rightAnswer(try await stored(app, item.id)), flagged: index % 2 == 0, as: olena)
                }
                func expectSameAsService(_ why: Comment) async throws {
                    let response = try await send(app, .GET, "/attempts/\(attempt.id)", as: olena)
                    #expect(response.status == .ok, why)
                    let served = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? NSDictionary
                    var json = JSONWriter()
                    ZnoshkaAPI.attemptDTO(try await app.znoshkaAttempts.view(attempt.id, owner: olena.id)).write(to: &json)
                    let expected = try JSONSerialization.jsonObject(with: Data(json.buffer.readableBytesView), options: .mutableContainers) as? NSMutableDictionary
                    // The time left moves on between the two reads.
                    expected?["secondsLeft"] = served?["secondsLeft"]
                    #expect(served == expected, why)
                }
                try await expectSameAsService("running")
                let finished = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                try await expectSameAsService("finished")
                // The finish answers with what its scoring read and wrote, not a second read: the same page.
                let afterwards = try await send(app, .GET, "/attempts/\(attempt.id)", as: olena)
                #expect(try JSONSerialization.jsonObject(with: Data(buffer: finished.body)) as? NSDictionary
                        == JSONSerialization.jsonObject(with: Data(buffer: afterwards.body)) as? NSDictionary)
                let again = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                #expect(again.status == .ok && again.body == finished.body, "a second finish gives the same answer")
                #expect(try await send(app, .GET, "/attempts/\(attempt.id)", as: taras).status == .notFound)
                #expect(try await send(app, .GET, "/attempts/\(UUID())", as: olena).status == .notFound)
                #expect(try await send(app, .GET, "/attempts/not-an-id", as: olena).status == .notFound)
            }
        }
    }
}
