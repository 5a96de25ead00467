import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// A student's way through the API: browse, take a test answering every kind of task,
/// finish, read the review, work on the mistakes, see the statistics.
extension ZnoshkaTests {
    @Suite("Taking tests through the API")
    struct AttemptAPITests {
        @Test("subjects, a subject's topics and tests, a topic's theory rendered with MathML")
        func browse() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let subjects = try await read([ZNModels.SubjectListed].self, app, .GET, "/subjects", as: olena)
                #expect(subjects.map(\.slug) == ["ukrainian", "mathematics", "history"])
                // Every question of the seeded tests, each text once (the bank papers are drawn from);
                // mathematics' 41 and its 10 templates.
                #expect(subjects.map(\.questionCount) == [47, 51, 50])
                let maths = try await read(ZNModels.SubjectDetail.self, app, .GET, "/subjects/mathematics", as: olena)
                // The five with theory, and the programme's topics the simulation's questions name.
                #expect(maths.topics.count == 12 && maths.topics.prefix(5).allSatisfy { !$0.pages.isEmpty })
                #expect(maths.tests.map(\.kind).sorted() == ["simulation", "topic", "topic", "topic", "topic"])
                let simulation = try #require(maths.tests.first { $0.kind == "simulation" })
                #expect(simulation.questionCount == 22 && simulation.maxPoints == 32 && simulation.threshold == 5 && !simulation.officialTable)
                let topic = try await read(ZNModels.TopicDetail.self, app, .GET, "/topics/\(maths.topics[2].id)", as: olena)
                #expect(topic.pages.first?.html.contains("<math") == true, "the powers and roots page has formulas")
                #expect(try await send(app, .GET, "/subjects/physics", as: olena).status == .notFound)
                #expect(try await send(app, .GET, "/subjects", as: nil).status == .unauthorized)
            }
        }

        @Test("every kind of task answered and scored as the exam scores; the review; the queue; the statistics")
        func journey() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let history = try await seededTest(app, "history", .simulation)
                let attempt = try await start(app, history, as: olena)
                #expect(attempt.state == "running" && attempt.questions.count == 30)
                #expect(attempt.secondsLeft > 119 * 60 && attempt.secondsLeft <= 120 * 60)
                #expect(attempt.questions.allSatisfy { $0.answer == nil && !$0.flagged })
                // Right answers to the first of each kind, wrong to the second, the rest blank.
                var seen: [String: Int] = [:]
                var expected = 0
                for item in attempt.questions {
                    let question = try await stored(app, item.id)
                    let count = seen[item.question.type, default: 0]
                    seen[item.question.type] = count + 1
                    guard count < 2 else { continue }
                    let response = try await saveAnswer(app, attempt.id, item.id, count == 0 ? rightAnswer(question) : wrongAnswer(question), as: olena)
                    #expect(response.status == .ok, "\(item.question.type): \(response.body.string)")
                    if count == 0 { expected += question.kind.maxPoints }
                }
                #expect(Set(seen.keys) == ["single", "matching", "sequence", "choose3"])
                // A flag alone keeps the answer.
                let first = attempt.questions[0].id
                let flagged = try decode(ZNModels.AnswerSaved.self, try await saveAnswer(app, attempt.id, first, nil, flagged: true, as: olena))
                #expect(flagged.answered && flagged.flagged)
                // Another device resumes the same attempt with the same time.
                let again = try await start(app, history, as: olena)
                #expect(again.id == attempt.id && again.deadline == attempt.deadline)
                #expect(again.questions[0].answer?.option != nil && again.questions[0].flagged)

                let finished = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                let score = try #require(finished.score)
                #expect(finished.state == "finished" && score.rawPoints == expected && score.maxPoints == 54)
                #expect(score.passed == (expected >= 8))
                #expect(finished.questions.filter { $0.verdict == "right" }.count == 4)
                #expect(finished.questions.filter { $0.verdict == "unanswered" }.count == 22)

                let review = try await read(ZNModels.Review.self, app, .GET, "/attempts/\(attempt.id)/review", as: olena)
                #expect(review.questions.count == 30)
                #expect(review.questions.allSatisfy { !$0.explanationHtml.isEmpty })
                let right = try #require(review.questions.first { $0.verdict == "right" })
                #expect(right.answer?.option == right.correct.option)
                #expect(review.questions.allSatisfy { $0.shareRight == nil }, "one student's answers make no share")

                // The four wrong answers and the 22 tasks left blank wait in the queue, due today.
                let queue = try await read(ZNModels.ReviewQueue.self, app, .GET, "/review-queue", as: olena)
                #expect(queue.total == 26 && queue.dueToday == 26)
                let mistakes = Set(finished.questions.filter { $0.verdict != "right" }.map(\.id))
                #expect(Set(queue.items.map(\.questionId)) == mistakes)
                let item = try #require(queue.items.first)
                let graded = try await read(ZNModels.ReviewGraded.self, app, .POST, "/review-queue/\(item.questionId)", as: olena,
                                            ["answer": rightAnswer(try await stored(app, item.questionId))])
                #expect(graded.verdict == "right" && graded.nextDue > Date())
                let after = try await read(ZNModels.ReviewQueue.self, app, .GET, "/review-queue", as: olena)
                #expect(after.dueToday == 25)

                let stats = try await read(ZNModels.Statistics.self, app, .GET, "/statistics", as: olena)
                let historyStats = try #require(stats.subjects.first { $0.subject.slug == "history" })
                #expect(historyStats.testsDone == 1 && historyStats.trend.count == 1)
                #expect(abs((historyStats.accuracy ?? 0) - Double(expected) / 54) < 0.0001)
                #expect(historyStats.prediction?.attempts == 1, "one simulation is enough for a range")
            }
        }

        @Test("short numeric answers: «2,5» and «2.5» are one number; a typo is a 422 that keeps the answer before")
        func numbers() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let maths = try await seededTest(app, "mathematics", .simulation)
                let attempt = try await start(app, maths, as: olena)
                let numeric = try #require(attempt.questions.first { $0.question.type == "number" })
                let question = try await stored(app, numeric.id)
                guard case .number(let value, _) = question.key else { Issue.record("not a number"); return }
                let typed = "\(value)".replacingOccurrences(of: ".", with: ",")
                #expect(try await saveAnswer(app, attempt.id, numeric.id, ["number": typed], as: olena).status == .ok)
                let refused = try await saveAnswer(app, attempt.id, numeric.id, ["number": "2 1/2"], as: olena)
                #expect(refused.status == .unprocessableEntity)
                #expect(try problemFields(refused) == ["answer"])
                let finished = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                #expect(finished.questions.first { $0.id == numeric.id }?.points == 2)
                #expect(finished.score?.rawPoints == 2 && finished.score?.passed == false, "2 of 32 is below the threshold of 5")
                #expect(finished.score?.scaled == nil)
            }
        }

        @Test("the share of students who got a task right is shown from its 20th answer, counting every finished answer")
        func shareFromTwentyAnswers() async throws {
            try await withZnoshka { app in
                // Every paper of a mixed test asks its first task.
                let test = try await mixedCopy(app, of: try await seededTest(app, "mathematics", .topic))
                let task = try #require(try await TestQuestion.query(on: app.db).filter(\.$testID == test.id!).sort(\.$position).first()).questionID
                let question = try await stored(app, task)
                /// One more student answers that task (right on every third) and finishes;
                /// the share that student's review shows for it.
                func oneMore(_ number: Int) async throws -> Double? {
                    let student = try await register(app, name: "Учень \(number)")
                    let attempt = try await start(app, test, as: student)
                    #expect(attempt.questions.contains { $0.id == task })
                    let answer = number % 3 == 0 ? rightAnswer(question) : wrongAnswer(question)
                    #expect(try await saveAnswer(app, attempt.id, task, answer, as: student).status == .ok)
                    #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: student).status == .ok)
                    let review = try await read(ZNModels.Review.self, app, .GET, "/attempts/\(attempt.id)/review", as: student)
                    #expect(review.questions.filter { $0.id != task }.allSatisfy { $0.shareRight == nil }, "the blank tasks have no answers")
                    return review.questions.first { $0.id == task }?.shareRight
                }
                for number in 1..<AttemptService.answersForShare {
                    #expect(try await oneMore(number) == nil, "\(number) answers")
                }
                #expect(try await oneMore(AttemptService.answersForShare) == 6.0 / 20, "6 of 20 answered right")
            }
        }

        @Test("the НМТ's first block: Ukrainian and mathematics share one 120-minute deadline")
        func block() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let response = try await send(app, .POST, "/blocks", as: olena, ["block": 1])
                #expect(response.status == .created)
                let attempts = try decode([ZNModels.AttemptSummary].self, response)
                #expect(attempts.count == 2 && Set(attempts.map(\.deadline)).count == 1 && attempts[0].blockId == attempts[1].blockId)
                #expect(abs(attempts[0].deadline.timeIntervalSince(attempts[0].startedAt) - 7200) < 1)
                #expect(try await send(app, .POST, "/blocks", as: olena, ["block": 3]).status == .unprocessableEntity)
                // Starting the block again resumes it.
                let again = try decode([ZNModels.AttemptSummary].self, try await send(app, .POST, "/blocks", as: olena, ["block": 1]))
                #expect(Set(again.map(\.id)) == Set(attempts.map(\.id)))

                // The block as one: read, finished together, its combined result; nobody else's.
                let blockID = try #require(attempts[0].blockId)
                let running = try await read([ZNModels.AttemptSummary].self, app, .GET, "/blocks/\(blockID)", as: olena)
                #expect(running.map(\.testTitle) == attempts.map(\.testTitle) && running.allSatisfy { $0.finishedAt == nil && $0.score == nil })
                let first = try #require(attempts.first)
                let question = try #require(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == first.id).sort(\.$position).first())
                let task = try await stored(app, question.questionID)
                #expect(try await saveAnswer(app, first.id, question.questionID, rightAnswer(task), as: olena).status == .ok)
                let finished = try await read([ZNModels.AttemptSummary].self, app, .POST, "/blocks/\(blockID)/finish", as: olena)
                #expect(Set(finished.map(\.id)) == Set(attempts.map(\.id)) && finished.allSatisfy { $0.finishedAt != nil && $0.score != nil })
                #expect(finished.first { $0.id == first.id }?.score?.rawPoints == task.kind.maxPoints, "the one answer, right, scored")
                let twice = try await read([ZNModels.AttemptSummary].self, app, .POST, "/blocks/\(blockID)/finish", as: olena)
                #expect(twice.map(\.finishedAt) == finished.map(\.finishedAt) && twice.map { $0.score?.rawPoints } == finished.map { $0.score?.rawPoints })
                let taras = try await register(app, name: "Тарас")
                #expect(try await send(app, .GET, "/blocks/\(blockID)", as: taras).status == .notFound)
                #expect(try await send(app, .POST, "/blocks/\(blockID)/finish", as: taras).status == .notFound)
                #expect(try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == first.id).filter(\.$answeredAt != nil).count() == 1)
            }
        }
    }
}
