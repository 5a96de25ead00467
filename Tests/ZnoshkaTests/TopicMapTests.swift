import Fluent
import Foundation
import HromadaTesting
import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Every question has a programme topic, simulations' too; the topic map and the subject's
/// progress are read from the person's papers and review queue.
extension ZnoshkaTests {
    @Suite("Topic map")
    struct TopicMapTests {
        @Test("mastery is earned over several answers, held back by review items not yet stuck; progress is the mean over all topics")
        func mastery() {
            #expect(TopicMastery(.init()).level == .notStarted && TopicMastery(.init()).value == 0)
            // 3 of 3 points: 3 / (3 + 6) — right, but not yet mastered.
            let three = TopicMastery(.init(points: 3, maxPoints: 3, answered: 3))
            #expect(abs(three.value - 1.0 / 3) < 1e-9 && three.level == .weak)
            let many = TopicMastery(.init(points: 54, maxPoints: 54, answered: 40))
            #expect(abs(many.value - 0.9) < 1e-9 && many.level == .strong)
            // Two queued questions, one stuck (30 days) and one not (2 days): one more point not earned.
            let queued = TopicMastery(.init(points: 54, maxPoints: 54, answered: 40, queuedStability: [30, 2]))
            #expect(abs(queued.value - 54.0 / 61) < 1e-9 && queued.level == .strong)
            let fair = TopicMastery(.init(points: 14, maxPoints: 14, answered: 10))
            #expect(fair.level == .fair, "14 / 20 = 0.7")
            #expect(abs(TopicMastery.progress([many, TopicMastery(.init())]) - 0.45) < 1e-9)
            #expect(TopicMastery.progress([]) == 0)
        }

        @Test("a file gives each question of a simulation its topic, and reads back the same; a bad topic is named by its path")
        func fileTopics() throws {
            let data = try #require(try SeedTests.files().first { $0.name == "history-simulation-1.json" }?.data)
            let test = try TestFile.read(data)
            #expect(test.questionTopics.count == test.questions.count && test.questionTopics.allSatisfy { $0 != nil })
            #expect(test.topic(ofQuestion: 0) == "Київська Русь (IX–XII ст.)")
            #expect(try TestFile.read(TestFile.write(test)) == test)

            var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var items = try #require(object["questions"] as? [[String: Any]])
            items[3]["topic"] = "   "
            items[4]["topic"] = String(repeating: "т", count: AuthoredTest.topicMaxLength + 1)
            items[5]["topic"] = 7
            object["questions"] = items
            #expect(try Self.problems(object) == ["questions[3].topic", "questions[4].topic", "questions[5].topic"])
            // A topic test's question may only name the test's own topic.
            let percentages = try #require(try SeedTests.files().first { $0.name == "mathematics-topic-percentages.json" }?.data)
            var topicTest = try #require(try JSONSerialization.jsonObject(with: percentages) as? [String: Any])
            var tasks = try #require(topicTest["questions"] as? [[String: Any]])
            tasks[0]["topic"] = "Відсотки"
            tasks[1]["topic"] = "Логарифми"
            topicTest["questions"] = tasks
            #expect(try Self.problems(topicTest) == ["questions[1].topic"])
        }

        /// The fields a file's problems name (none: it reads).
        static func problems(_ object: [String: Any]) throws -> [String] {
            let data = try JSONSerialization.data(withJSONObject: object)
            do {
                _ = try TestFile.read(data)
                return []
            } catch {
                return error.problems.map(\.field)
            }
        }

        @Test("the seeded simulations' questions have topics, made where new; a database seeded before gets them")
        func seededTopics() async throws {
            try await withZnoshka { app in
                for slug in ["ukrainian", "mathematics", "history"] {
                    let simulation = try await seededTest(app, slug, .simulation)
                    let ids = try await TestQuestion.query(on: app.db).filter(\.$testID == simulation.id!).all().map(\.questionID)
                    let untagged = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ ids).filter(\.$topicID == nil).count()
                    #expect(untagged == 0, "\(slug)")
                }
                // As before the topics: the simulations' questions without them.
                let simulations = try await ZnoshkaTest.query(on: app.db).filter(\.$kind == "simulation").all().map { $0.id! }
                let asked = try await TestQuestion.query(on: app.db).filter(\.$testID ~~ simulations).all().map(\.questionID)
                let topicTests = try await ZnoshkaTest.query(on: app.db).filter(\.$kind == "topic").all().map { $0.id! }
                let ofTopicTests = Set(try await TestQuestion.query(on: app.db).filter(\.$testID ~~ topicTests).all().map(\.questionID))
                let simulationOnly = asked.filter { !ofTopicTests.contains($0) }
                let before = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ simulationOnly).all()
                try await app.db.sql.update(StoredQuestion.schema).set("topic_id", to: SQLLiteral.null)
                    .where("id", .in, SQLBind.group(simulationOnly)).run()
                try await TagSimulationTopics().prepare(on: app.db)
                let after = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ simulationOnly).all()
                #expect(Dictionary(uniqueKeysWithValues: after.map { ($0.id!, $0.topicID) }) == Dictionary(uniqueKeysWithValues: before.map { ($0.id!, $0.topicID) }))
                #expect(after.allSatisfy { $0.topicID != nil })
            }
        }

        @Test("the web editor keeps each question's topic through a move and a change of the test's details")
        func editorKeepsTopics() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let browser = try await signedInBrowser(app, as: author)
                let simulation = try await seededTest(app, "history", .simulation)
                func topics(_ id: UUID) async throws -> [String?] {
                    let student = try await Student(account: try #require(try await Account.find(author.id, on: app.db)), on: app.db)
                    let test = try await ZnoshkaContext(app.services).authoring.authoredTest(id, by: student).test
                    return test.questions.indices.map(test.topic(ofQuestion:))
                }
                let before = try await topics(simulation.id!)
                #expect(before.allSatisfy { $0 != nil })
                // Tasks 1 and 2 are both single choices: swapping them keeps the paper's shape.
                let moved = try editedID(try await browser.post("/znoshka/author/tests/\(simulation.id!)/questions/2/move", form: ["direction": "up"]))
                var expected = before
                expected.swapAt(0, 1)
                #expect(try await topics(moved) == expected)
                let renamed = try editedID(try await browser.post("/znoshka/author/tests/\(moved)/details",
                                                                  form: ["kind": "simulation", "title": "Історія. Варіант 2", "minutes": "120"]))
                #expect(try await topics(renamed) == expected)
            }
        }

        @Test("statistics count a simulation's answers under their topics: the map, the progress and the weakest topic read them")
        func statisticsFromSimulation() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let simulation = try await seededTest(app, "history", .simulation)
                let attempt = try await start(app, simulation, as: olena)
                for item in attempt.questions {
                    let question = try await stored(app, item.id)
                    #expect(try await saveAnswer(app, attempt.id, item.id, rightAnswer(question), as: olena).status == .ok)
                }
                #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena).status == .ok)
                let stats = try await read(ZNModels.Statistics.self, app, .GET, "/statistics", as: olena)
                let history = try #require(stats.subjects.first { $0.subject.slug == "history" })
                let topicIDs = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ attempt.questions.map(\.id)).all().compactMap(\.topicID)
                #expect(topicIDs.count == attempt.questions.count, "every question of the paper has a topic")
                let practised = history.topicMap.filter { $0.answered > 0 }
                #expect(Set(practised.map(\.topicId)) == Set(topicIDs))
                #expect(practised.allSatisfy { $0.level != "not_started" && $0.mastery > 0 })
                #expect(practised.map(\.answered).reduce(0, +) == attempt.questions.count)
                #expect(history.progress > 0 && abs(history.progress - history.topicMap.map(\.mastery).reduce(0, +) / Double(history.topicMap.count)) < 1e-9)
                let weakest = try #require(history.weakestTopicId, "a simulation's answers name a weakest topic")
                #expect(topicIDs.contains(weakest))
                #expect(history.prediction?.attempts == 1 && history.prediction?.expected == 200, "all right: the top of the table")
                #expect(try await signedInBrowser(app, as: olena).get("/znoshka/statistics").text.contains("за 1 пробним)"),
                        "a paper's own answers are not counted again through the map")
                let maths = try #require(stats.subjects.first { $0.subject.slug == "mathematics" })
                #expect(maths.progress == 0 && maths.topicMap.allSatisfy { $0.level == "not_started" })

                let page = try await signedInBrowser(app, as: olena).get("/znoshka/statistics").text
                #expect(page.contains("Карта тем") && page.contains("Прогрес: 0 %") && page.contains(#"<meter"#))
            }
        }

        @Test("topic tests done well raise a weak paper's prediction through the map, and narrow its interval")
        func predictionReadsTheMap() async throws {
            try await withZnoshka { app in
                let olena = try await register(app)
                let simulation = try await seededTest(app, "mathematics", .simulation)
                for test in try await ZnoshkaTest.query(on: app.db).filter(\.$subjectID == simulation.subjectID).filter(\.$kind == "topic").all() {
                    let attempt = try await start(app, test, as: olena)
                    for item in attempt.questions {
                        _ = try await saveAnswer(app, attempt.id, item.id, rightAnswer(try await stored(app, item.id)), as: olena)
                    }
                    #expect(try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena).status == .ok)
                }
                let paper = try await start(app, simulation, as: olena)
                let first = paper.questions[0]
                _ = try await saveAnswer(app, paper.id, first.id, rightAnswer(try await stored(app, first.id)), as: olena)
                let finished = try await read(ZNModels.AttemptDTO.self, app, .POST, "/attempts/\(paper.id)/finish", as: olena)
                let raw = try #require(finished.score?.rawPoints)
                let stats = try await read(ZNModels.Statistics.self, app, .GET, "/statistics", as: olena)
                let maths = try #require(stats.subjects.first { $0.subject.slug == "mathematics" }?.prediction)
                let alone = try #require(ScorePrediction.predict(rawScores: [raw], table: simulation.table))
                func scaled(_ outcome: ConversionTable.Outcome) -> Int? { if case .passed(let score) = outcome { score } else { nil } }
                #expect(maths.attempts == 1 && (maths.expected ?? 0) > (scaled(alone.expected) ?? 0), "the map's strong topics raise it")
                #expect(try await signedInBrowser(app, as: olena).get("/znoshka/statistics").text.contains("за 1 пробним і мапою тем"))
            }
        }
    }
}
