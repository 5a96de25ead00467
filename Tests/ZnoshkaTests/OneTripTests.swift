import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Saving an answer signs the caller in inside its own statement on PostgreSQL
/// (`SaveAnswerStatement`): these hold it to the portable path's answers on both
/// databases, refusals first. (Every other attempt test saves through it too.)
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
