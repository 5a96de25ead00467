import Fluent
import Foundation
import HromadaTesting
import Kernel
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
@testable import Znoshka
import ZnoshkaClient

/// The student's journey through the generated Swift client (`ZnoshkaClient`, made by
/// `scripts/generate-openapi` from the served OpenAPI document) over real HTTP: what a
/// native app would do, and a check that the document says what the server does.
extension ZnoshkaTests {
    @Suite("Znoshka through the generated client")
    struct ClientJourneyTests {
        static func client(_ baseURL: String, token: String? = nil) throws -> ZnoshkaClient.Client {
            let serverURL = try #require(URL(string: baseURL + Servers.Server1.url().absoluteString))
            return ZnoshkaClient.Client(serverURL: serverURL, transport: AsyncHTTPClientTransport(),
                                        middlewares: token.map { [OpenAPIBearerToken(token: $0)] } ?? [])
        }

        /// The right answer to a stored question, in the client's shape.
        static func right(_ question: AuthoredQuestion) -> ZnoshkaClient.Components.Schemas.Answer {
            switch question.key {
            case .option(let index): .init(option: index)
            case .pairs(let pairs): .init(pairs: pairs)
            case .order(let order): .init(order: order)
            case .options(let chosen): .init(options: chosen.sorted())
            case .number(let value, _): .init(number: TestFile.decimal(value))
            }
        }

        @Test("sign up → an НМТ simulation → every type answered → finish → review → review queue → statistics; moderation and a blueprint")
        func journey() async throws {
            try await withZnoshka { app in
                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)
                    let invalid = try await anonymous.register(body: .json(.init(email: "nope"))).unprocessableContent.body.applicationProblemJson
                    let fields = Set((invalid.errors ?? []).map(\.field))
                    #expect(fields.isSuperset(of: ["name", "email", "password"]))
                    let session = try await anonymous.register(body: .json(.init(name: "Олена", email: "olena@example.com", password: "learn-well-1",
                                                                                 timeZone: "Europe/Kyiv"))).created.body.json
                    let olena = try Self.client(baseURL, token: session.token)
                    #expect(try await olena.listSubjects().ok.body.json.map(\.slug) == ["ukrainian", "mathematics", "history"])
                    let maths = try await olena.getSubject(path: .init(slug: "mathematics")).ok.body.json
                    let simulation = try #require(maths.tests.first { $0.kind == .simulation })

                    // Mathematics has single choice, matching and numbers; block 2 (history) sequences and choose-three.
                    let first = try await olena.startAttempt(path: .init(testID: simulation.id)).created.body.json
                    let block = try await olena.startBlock(body: .json(.init(block: 2))).created.body.json
                    let second = try await olena.getAttempt(path: .init(attemptID: try #require(block.first).id)).ok.body.json
                    var expected: [String: Int] = [:]
                    for attempt in [first, second] {
                        var done: Set<ZnoshkaClient.Components.Schemas.Question._TypePayload> = []
                        for item in attempt.questions where !done.contains(item.question._type) {
                            done.insert(item.question._type)
                            let question = try await stored(app, try #require(UUID(uuidString: item.id)))
                            let saved = try await olena.saveAnswer(path: .init(attemptID: attempt.id, questionID: item.id),
                                                                   body: .json(.init(answer: Self.right(question), flagged: true))).ok.body.json
                            #expect(saved.answered && saved.flagged)
                            expected[attempt.id, default: 0] += question.kind.maxPoints
                        }
                    }
                    // One mistake, for the review queue.
                    let singles = first.questions.filter { $0.question._type == .single }
                    let mistake = try #require(singles.dropFirst().first)
                    guard case .option(let key) = try await stored(app, try #require(UUID(uuidString: mistake.id))).key else { return }
                    _ = try await olena.saveAnswer(path: .init(attemptID: first.id, questionID: mistake.id),
                                                   body: .json(.init(answer: .init(option: (key + 1) % 5)))).ok
                    let finished = try await olena.finishAttempt(path: .init(attemptID: first.id)).ok.body.json
                    #expect(finished.state == .finished && finished.score?.rawPoints == expected[first.id])
                    let late = try await olena.saveAnswer(path: .init(attemptID: first.id, questionID: first.questions[0].id),
                                                          body: .json(.init(answer: .init(option: 0)))).conflict.body.applicationProblemJson
                    #expect(late.code == "attempt_finished")
                    let historyResult = try await olena.finishAttempt(path: .init(attemptID: second.id)).ok.body.json
                    #expect(historyResult.score?.rawPoints == expected[second.id])

                    let review = try await olena.getReview(path: .init(attemptID: first.id)).ok.body.json
                    #expect(review.questions.filter { $0.verdict == .right }.count == 3)
                    #expect(review.questions.allSatisfy { !$0.explanationHtml.isEmpty })

                    let queue = try await olena.getReviewQueue().ok.body.json
                    let secondReview = try await olena.getReview(path: .init(attemptID: second.id)).ok.body.json
                    let notRight = (review.questions + secondReview.questions).filter { $0.verdict != .right }.map(\.id)
                    #expect(queue.dueToday == notRight.count && queue.total == notRight.count, "the mistake and every task left blank")
                    #expect(notRight.contains(mistake.id) && Set(queue.items.map(\.questionId)) == Set(notRight))
                    let item = try #require(queue.items.first { $0.questionId == mistake.id })
                    let graded = try await olena.answerReview(path: .init(questionID: item.questionId),
                                                              body: .json(.init(answer: .init()))).ok.body.json
                    #expect(graded.verdict == .unanswered && graded.points == 0)

                    let statistics = try await olena.getStatistics().ok.body.json
                    #expect(statistics.subjects.first { $0.subject.slug == "history" }?.testsDone == 1)
                    let missing = try await olena.getAttempt(path: .init(attemptID: UUID().uuidString)).notFound.body.applicationProblemJson
                    #expect(missing.code == "attempt_not_found")

                    // A moderator's queue: a solution to the mistake, reported, waits there with its reason.
                    let solution = try await olena.postSolution(path: .init(questionID: mistake.id),
                                                                body: .json(.init(text: "Ділимо на 100."))).created.body.json
                    let moderatorSession = try await anonymous.register(body: .json(.init(name: "Іра", email: "ira@example.com", password: "learn-well-1",
                                                                                          timeZone: "Europe/Kyiv"))).created.body.json
                    let account = try #require(try await Account.query(on: app.db).filter(\.$login == "ira@example.com").first())
                    account.role = Student.moderatorRole
                    try await account.save(on: app.db)
                    let ira = try Self.client(baseURL, token: moderatorSession.token)
                    _ = try await ira.reportAbuse(body: .json(.init(targetType: "solution", targetId: solution.id, reason: "Без пояснення"))).noContent
                    let moderation = try await ira.getModerationQueue().ok.body.json
                    #expect(moderation.items.map(\.targetId) == [solution.id] && moderation.items.first?.reports.map(\.reason) == ["Без пояснення"])
                    _ = try await olena.getModerationQueue().forbidden

                    // An author sets how many tasks of a mathematics paper one topic has.
                    account.role = Student.authorRole
                    try await account.save(on: app.db)
                    let blueprint = try await ira.getBlueprint(path: .init(slug: "mathematics")).ok.body.json
                    #expect(blueprint.taskCount == 22 && blueprint.parts.map(\.count) == [15, 3, 4] && blueprint.parts.map(\._type) == [.single, .matching, .number])
                    let topic = try #require(blueprint.topics.max { $0.questionCount < $1.questionCount })
                    let saved = try await ira.saveBlueprint(path: .init(slug: "mathematics"),
                                                            body: .json(.init(topics: [.init(topicId: topic.topicId, tasks: 6)]))).ok.body.json
                    #expect(saved.topics.first { $0.topicId == topic.topicId }?.tasks == 6)
                    let refused = try await ira.saveBlueprint(path: .init(slug: "mathematics"),
                                                              body: .json(.init(topics: [.init(topicId: topic.topicId, tasks: 23)]))).unprocessableContent
                    #expect(try refused.body.applicationProblemJson.errors?.map(\.field) == [BlueprintService.field(try #require(UUID(uuidString: topic.topicId)))])
                    _ = try await olena.getBlueprint(path: .init(slug: "mathematics")).forbidden
                }
            }
        }
    }
}
