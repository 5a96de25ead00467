import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

/// Fresh papers through the API: a simulation drawn from the subject's bank by the exam's
/// blueprint, a topic test from its topic, a finished paper kept as drawn.
extension ZnoshkaTests {
    @Suite("Fresh papers")
    struct FreshPaperTests {
        /// The kinds of an attempt's questions in order, as the exam's parts.
        static func shape(_ attempt: ZNModels.AttemptDTO, _ app: Application) async throws -> [(QuestionKind, Int)] {
            var kinds: [QuestionKind] = []
            for item in attempt.questions { kinds.append(try await stored(app, item.id).kind) }
            return PaperDraw.shape(of: kinds).map { ($0.kind, $0.count) }
        }

        static func blueprintShape(_ blueprint: Blueprint) -> [(QuestionKind, Int)] { blueprint.parts.map { ($0.kind, $0.count) } }

        @Test("two simulations in a row are different papers of the exam's shape; the finished one stays as drawn")
        func twoSimulations() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                for blueprint in Blueprint.all {
                    let simulation = try await seededTest(app, blueprint.subject, .simulation)
                    let first = try await start(app, simulation, as: olena)
                    _ = try await saveAnswer(app, first.id, first.questions[0].id, rightAnswer(try await stored(app, first.questions[0].id)), as: olena)
                    #expect(try await send(app, .POST, "/attempts/\(first.id)/finish", as: olena).status == .ok)
                    let second = try await start(app, simulation, as: olena)
                    #expect(second.id != first.id)
                    for paper in [first, second] {
                        #expect(try await Self.shape(paper, app).elementsEqual(Self.blueprintShape(blueprint)) { $0 == $1 }, "\(blueprint.subject)")
                        #expect(try await Self.shape(paper, app).map { $0.0.maxPoints * $0.1 }.reduce(0, +) == blueprint.maxRaw)
                    }
                    let shared = Set(first.questions.map(\.id)).intersection(second.questions.map(\.id))
                    #expect(shared.count * 2 <= first.questions.count, "\(blueprint.subject): \(shared.count) of \(first.questions.count) shared")
                    // The finished paper reads back exactly as it was drawn and scored.
                    let review = try await read(ZNModels.AttemptDTO.self, app, .GET, "/attempts/\(first.id)", as: olena)
                    #expect(review.questions.map(\.id) == first.questions.map(\.id))
                    #expect((review.score?.rawPoints ?? 0) >= 1 && review.score?.maxPoints == blueprint.maxRaw)
                }
                // The test's page says so before the start.
                let page = try await signedInBrowser(app, as: olena).get("/znoshka/tests/\(try await seededTest(app, "history", .simulation).id!)")
                #expect(page.text.contains("Кожна спроба — новий варіант за структурою НМТ із банку в 50 питань"))
            }
        }

        @Test("a topic test draws only its topic's questions, and the same number of each kind")
        func topicTest() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let percentages = try await seededTest(app, "mathematics", .topic)
                let own = try await TestQuestion.query(on: app.db).filter(\.$testID == percentages.id!).all().map(\.questionID)
                let attempt = try await start(app, percentages, as: olena)
                // Read after the start: the topic's templates are asked as variants, of the topic too.
                let topicQuestions = try await StoredQuestion.query(on: app.db).filter(\.$topicID == percentages.topicID).all().map { $0.id! }
                #expect(attempt.questions.count == own.count)
                #expect(Set(attempt.questions.map(\.id)).isSubset(of: topicQuestions))
                var points = 0
                for item in attempt.questions { points += try await stored(app, item.id).kind.maxPoints }
                #expect(points == percentages.maxRaw)
            }
        }

        @Test("a question written again in another test is one question of the bank, however its JSON is ordered")
        func copiesAreOneQuestion() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let percentages = try await seededTest(app, "mathematics", .topic)
                let own = try await TestQuestion.query(on: app.db).filter(\.$testID == percentages.id!).sort(\.$position).all().map(\.questionID)
                var tasks: [AuthoredQuestion] = []
                for id in own { tasks.append(try await stored(app, id)) }
                let copy = AuthoredTest(subject: "mathematics", kind: .topic, topic: "Відсотки", title: "Відсотки, копія", minutes: 20, questions: tasks)
                let copyID = try await ContentImporter(db: app.db, now: Date()).importTest(copy)
                // Stored as another process might write it: the same question, its keys in another order.
                let copied = try await TestQuestion.query(on: app.db).filter(\.$testID == copyID).all().map(\.questionID)
                var reordered = 0
                for row in try await StoredQuestion.query(on: app.db).filter(\.$id ~~ copied).all() {
                    let object = try JSONSerialization.jsonObject(with: Data(row.body.utf8))
                    let sorted = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
                    if sorted != row.body { reordered += 1 }
                    row.body = sorted
                    try await row.save(on: app.db)
                }
                #expect(reordered > 0)
                let listed = try await read([ZNModels.SubjectListed].self, app, .GET, "/subjects", as: olena)
                #expect(listed.first { $0.slug == "mathematics" }?.questionCount == 51)
                // However stored, a copy is never asked beside its original.
                for _ in 0..<3 {
                    var asked = Set<Question>()
                    let attempt = try await start(app, percentages, as: olena)
                    for item in attempt.questions { #expect(asked.insert(try await stored(app, item.id)).inserted) }
                    #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena).status == .ok)
                }
            }
        }

        @Test("a topic with nothing more to ask than its test's questions gives the author's paper, in the author's order")
        func nothingMoreToAsk() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let tasks = (1...3).map { n in
                    Question(kind: .singleChoice(options: 4), text: "Тема без запасу, завдання \(n)", options: ["1", "2", "3", "4"], key: .option(n),
                             explanation: "Бо так.")
                }
                let authored = AuthoredTest(subject: "mathematics", kind: .topic, topic: "Тема без запасу", title: "Без запасу", minutes: 10, questions: tasks)
                let id = try await ContentImporter(db: app.db, now: Date()).importTest(authored)
                let test = try #require(try await ZnoshkaTest.find(id, on: app.db))
                let own = try await TestQuestion.query(on: app.db).filter(\.$testID == id).sort(\.$position).all().map(\.questionID)
                #expect(try await start(app, test, as: olena).questions.map(\.id) == own)
            }
        }

        @Test("a bank of 5,000 generated questions: papers of the exact shape, none repeated, topics spread; the count listed")
        func generatedBank() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                try await app.db.transaction { db in
                    let importer = ContentImporter(db: db, now: Date())
                    for test in GeneratedBank.tests(for: .history, questions: 5_000) { _ = try await importer.importTest(test) }
                }
                let listed = try await read([ZNModels.SubjectListed].self, app, .GET, "/subjects", as: olena)
                let seeded = try #require(listed.first { $0.slug == "history" }).questionCount
                #expect(seeded >= 5_000 + 40)
                let simulation = try await seededTest(app, "history", .simulation)
                var met = Set<UUID>()
                for round in 0..<3 {
                    let paper = try await start(app, simulation, as: olena)
                    #expect(try await Self.shape(paper, app).elementsEqual(Self.blueprintShape(.history)) { $0 == $1 })
                    #expect(met.isDisjoint(with: paper.questions.map(\.id)), "round \(round): nothing met before")
                    met.formUnion(paper.questions.map(\.id))
                    let topics = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ paper.questions.map(\.id)).all().map(\.topicID)
                    #expect(Set(topics).count == 30, "round \(round): \(Set(topics).count) topics in 30 tasks")
                    #expect(try await send(app, .POST, "/attempts/\(paper.id)/finish", as: olena).status == .ok)
                }
            }
        }
    }
}
