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
    }
}
