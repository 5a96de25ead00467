import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// The same attempt from two devices at once over real HTTP: every answer lands once,
/// two finishes give one result, two starts give one attempt.
extension ZnoshkaTests {
    @Suite("Races over real HTTP")
    struct RaceTests {
        struct Call: Sendable {
            let method: HTTPMethod
            let path: String
            let body: ByteBuffer?
        }

        /// Sends every call at once; returns the answers in call order.
        func race(_ app: Application, _ calls: [Call], as person: Person) async throws -> [(HTTPStatus, ByteBuffer?)] {
            let headers = person.auth
            return try await TestHarness.withLiveServer(app) { base in
                try await withThrowingTaskGroup(of: (Int, HTTPStatus, ByteBuffer?).self) { group in
                    for (index, call) in calls.enumerated() {
                        group.addTask {
                            let response = try await app.client.send(call.method, headers: headers, to: URI(string: "\(base)\(api)\(call.path)")) {
                                if let body = call.body { $0.body = body }
                            }
                            return (index, response.status, response.body)
                        }
                    }
                    var answers = [(HTTPStatus, ByteBuffer?)](repeating: (.ok, nil), count: calls.count)
                    for try await (index, status, body) in group { answers[index] = (status, body) }
                    return answers
                }
            }
        }

        @Test("two devices answer every question of a simulation at once, then both finish at once: one consistent result")
        func answerAndFinishFromTwoDevices() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "history", .simulation), as: olena)
                // Device A answers every question right, device B every question wrong, all at once.
                var calls: [Call] = []
                for item in attempt.questions {
                    let question = try await stored(app, item.id)
                    for answer in [rightAnswer(question), wrongAnswer(question)] {
                        calls.append(Call(method: .PUT, path: "/attempts/\(attempt.id)/answers/\(item.id)", body: json(["answer": answer])))
                    }
                }
                let saved = try await race(app, calls.shuffled(), as: olena)
                #expect(saved.allSatisfy { $0.0 == .ok }, "\(saved.filter { $0.0 != .ok }.map { $0.0 })")
                let finishes = try await race(app, Array(repeating: Call(method: .POST, path: "/attempts/\(attempt.id)/finish", body: nil), count: 8), as: olena)
                #expect(finishes.allSatisfy { $0.0 == .ok })
                let results = try finishes.map { try decode(ZNModels.AttemptDTO.self, status: $0.0, body: $0.1) }
                // Each question holds one of the two answers, and the score is the sum of what it holds.
                let stored = try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).all()
                #expect(stored.count == 30 && stored.allSatisfy { $0.answer != nil && $0.points != nil })
                let sum = stored.compactMap(\.points).reduce(0, +)
                #expect(Set(results.compactMap { $0.score?.rawPoints }) == [sum])
                #expect(Set(results.compactMap { $0.score?.finishedAt }).count == 1, "one finish, read eight times")
                let finished = try #require(try await Attempt.find(attempt.id, on: app.db))
                #expect(finished.rawPoints == sum)
                // The review queue holds the wrong answers once each.
                let wrong = stored.filter { $0.verdict != "right" }.count
                #expect(try await ReviewItem.query(on: app.db).filter(\.$ownerID == olena.id).count() == wrong)
            }
        }

        @Test("answers racing the finish: each one is refused (409) or lands before the scoring; every stored answer is scored as it stands")
        func answersRacingTheFinish() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let attempt = try await start(app, try await seededTest(app, "history", .simulation), as: olena)
                var calls: [Call] = []
                for item in attempt.questions {
                    let question = try await stored(app, item.id)
                    calls.append(Call(method: .PUT, path: "/attempts/\(attempt.id)/answers/\(item.id)", body: json(["answer": rightAnswer(question)])))
                }
                // The finishes go in among the answers.
                for index in stride(from: 5, through: 25, by: 10) {
                    calls.insert(Call(method: .POST, path: "/attempts/\(attempt.id)/finish", body: nil), at: index)
                }
                let answers = try await race(app, calls, as: olena)
                #expect(answers.allSatisfy { $0.0 == .ok || $0.0 == .conflict }, "\(answers.map(\.0))")
                let rows = try await AttemptAnswer.query(on: app.db).filter(\.$attemptID == attempt.id).all()
                for row in rows {
                    let question = try await stored(app, row.questionID)
                    let scored = Scoring.score(row.given, key: question.key, kind: question.kind)
                    #expect(row.points == scored.points && row.verdict == scored.verdict.rawValue,
                            "question \(row.position + 1): stored answer scored \(scored.points), recorded \(String(describing: row.points))")
                }
                let finished = try #require(try await Attempt.find(attempt.id, on: app.db))
                #expect(finished.rawPoints == rows.compactMap(\.points).reduce(0, +))
            }
        }

        @Test("twelve people voting on one solution at once, one of them twice: one vote each, and the score is their sum")
        func votesAtOnce() async throws {
            try await withZnoshka { app in
                let author = try await register(app, name: "Автор розв’язання")
                // A mixed test: everyone's first task is the same question.
                let test = try await mixedCopy(app, of: try await seededTest(app, "mathematics", .topic))
                func answerFirst(_ person: Person) async throws -> UUID {
                    let attempt = try await start(app, test, as: person)
                    _ = try await saveAnswer(app, attempt.id, attempt.questions[0].id, ["option": 0], as: person)
                    _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: person)
                    return attempt.questions[0].id
                }
                let question = try await answerFirst(author)
                let solution = try decode(ZNModels.SolutionDTO.self, try await send(app, .POST, "/questions/\(question)/solutions", as: author,
                                                                                    ["text": "Так і так."]))
                var voters: [Person] = []
                for index in 0..<12 {
                    let voter = try await register(app, name: "Учень \(index)")
                    _ = try await answerFirst(voter)
                    voters.append(voter)
                }
                // Eight like, four dislike; the first liker also dislikes at the same moment.
                var calls: [(Person, Int)] = voters.enumerated().map { ($0.element, $0.offset < 8 ? 1 : -1) }
                calls.append((voters[0], -1))
                let statuses = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for (voter, value) in calls {
                            let body = json(["value": value])
                            group.addTask {
                                try await app.client.send(.PUT, headers: voter.auth, to: URI(string: "\(base)\(api)/solutions/\(solution.id)/vote")) {
                                    $0.body = body
                                }.status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
                let votes = try await SolutionVote.query(on: app.db).filter(\.$solutionID == solution.id).all()
                #expect(votes.count == 12, "one vote each")
                let stored = try #require(try await Solution.find(solution.id, on: app.db))
                #expect(stored.score == votes.map(\.value).reduce(0, +))
                #expect([2, 4].contains(stored.score), "seven likes and five dislikes, or eight and four: whichever of the first voter’s came last")
            }
        }

        @Test("ten taps on «start» at once make one attempt")
        func startOnce() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let test = try await seededTest(app, "mathematics", .topic)
                let answers = try await race(app, Array(repeating: Call(method: .POST, path: "/tests/\(test.id!)/attempts", body: nil), count: 10), as: olena)
                #expect(answers.allSatisfy { $0.0 == .created }, "\(answers.map(\.0))")
                let ids = try Set(answers.map { try decode(ZNModels.AttemptDTO.self, status: $0.0, body: $0.1).id })
                #expect(ids.count == 1)
                #expect(try await Attempt.query(on: app.db).filter(\.$ownerID == olena.id).count() == 1)
                #expect(try await AttemptAnswer.query(on: app.db).count() == 9)
            }
        }

        @Test("eight saves of the same version of a test at once: one new version, the others told it was replaced")
        func concurrentEdits() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let original = try await seededTest(app, "ukrainian", .topic)
                let exported = try await send(app, .GET, "/author/tests/\(original.id!)", as: author)
                var file = try #require(try JSONSerialization.jsonObject(with: Data(buffer: exported.body)) as? [String: Any])
                let before = try await ZnoshkaTest.query(on: app.db).count()
                var calls: [Call] = []
                for index in 0..<8 {
                    file["title"] = "Версія \(index)"
                    calls.append(Call(method: .PUT, path: "/author/tests/\(original.id!)", body: json(file)))
                }
                let answers = try await race(app, calls, as: author)
                #expect(answers.filter { $0.0 == .ok }.count == 1, "\(answers.map(\.0))")
                #expect(answers.filter { $0.0 == .conflict }.count == 7)
                #expect(try await ZnoshkaTest.query(on: app.db).count() == before + 1)
                let replaced = try #require(try await ZnoshkaTest.find(original.id!, on: app.db))
                let winner = try decode(ZNModels.Imported.self, status: answers.first { $0.0 == .ok }!.0, body: answers.first { $0.0 == .ok }!.1)
                #expect(replaced.replacedBy == winner.testId)
                #expect(try await TestQuestion.query(on: app.db).filter(\.$testID == winner.testId).count()
                        == TestQuestion.query(on: app.db).filter(\.$testID == original.id!).count())
            }
        }
    }
}
