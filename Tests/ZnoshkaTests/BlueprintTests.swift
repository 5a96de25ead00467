import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import Znoshka

/// Authors edit a subject's blueprint: how many tasks of a drawn simulation each topic
/// should have. Simulations started afterwards are drawn by it.
extension ZnoshkaTests {
    @Suite("Blueprints")
    struct BlueprintTests {
        static let topics = ["Клітина", "Генетика", "Екологія"]

        /// A subject of its own, so the bank is exactly known: a 6-task simulation (two
        /// tasks of each topic) and a 10-task topic test of each topic, 12 questions a topic.
        static func biology(_ app: Application, by author: Person) async throws -> ZnoshkaTest {
            let created = try await send(app, .POST, "/author/subjects", as: author, ["slug": "biology", "nameUk": "Біологія", "nameEn": "Biology"])
            #expect(created.status == .created, "\(created.body.string)")
            func question(_ text: String) -> AuthoredQuestion {
                AuthoredQuestion(kind: .singleChoice(options: 4), text: text, options: ["1", "2", "3", "4"], key: .option(0), explanation: "Бо так.")
            }
            let importer = ContentImporter(db: app.db, now: Date())
            for topic in topics {
                let tasks = (1...10).map { question("\(topic), завдання \($0)") }
                _ = try await importer.importTest(AuthoredTest(subject: "biology", kind: .topic, topic: topic, title: topic, minutes: 20, questions: tasks))
            }
            let paper = topics.flatMap { topic in (1...2).map { question("\(topic), пробне завдання \($0)") } }
            let id = try await importer.importTest(AuthoredTest(subject: "biology", kind: .simulation, topic: nil, title: "Пробний НМТ з біології",
                                                                minutes: 30, questions: paper, questionTopics: topics.flatMap { [$0, $0] }))
            return try #require(try await ZnoshkaTest.find(id, on: app.db))
        }

        /// How many of a fresh student's paper's tasks are of each topic, by title.
        static func topicsOfAFreshPaper(_ app: Application, _ simulation: ZnoshkaTest) async throws -> [String: Int] {
            let student = try await register(app)
            let titles = Dictionary(uniqueKeysWithValues: try await Topic.query(on: app.db).all().map { ($0.id!, $0.title) })
            var counts: [String: Int] = [:]
            for item in try await start(app, simulation, as: student).questions {
                let row = try #require(try await StoredQuestion.find(item.id, on: app.db))
                counts[row.topicID.flatMap { titles[$0] } ?? "—", default: 0] += 1
            }
            return counts
        }

        @Test("an author sets tasks per topic; the next simulations are drawn by it; students may not")
        func drawnByTheSpread() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app), olena = try await register(app)
                let simulation = try await Self.biology(app, by: author)
                let path = "/author/subjects/biology/blueprint"
                let even = try await read(ZNModels.Blueprint.self, app, .GET, path, as: author)
                #expect(even.taskCount == 6 && even.parts.map(\.type) == ["single"] && even.parts.map(\.count) == [6] && even.parts[0].options == 4)
                #expect(even.topics.map(\.title) == Self.topics && even.topics.allSatisfy { $0.questionCount == 12 && $0.tasks == nil })
                #expect(try await Self.topicsOfAFreshPaper(app, simulation) == ["Клітина": 2, "Генетика": 2, "Екологія": 2], "even at first")

                #expect(try await send(app, .GET, path, as: olena).status == .forbidden)
                let id = Dictionary(uniqueKeysWithValues: even.topics.map { ($0.title, $0.topicId) })
                let spread: [[String: Any]] = [["topicId": id["Клітина"]!.uuidString, "tasks": 4], ["topicId": id["Екологія"]!.uuidString, "tasks": 0]]
                #expect(try await send(app, .PUT, path, as: olena, ["topics": spread]).status == .forbidden)

                let saved = try await read(ZNModels.Blueprint.self, app, .PUT, path, as: author, ["topics": spread])
                #expect(saved.topics.map(\.tasks) == [4, nil, 0])
                for _ in 0..<3 {
                    #expect(try await Self.topicsOfAFreshPaper(app, simulation) == ["Клітина": 4, "Генетика": 2])
                }
                let audit = try await AuditEntry.query(on: app.db).filter(\.$action == "subject.blueprint").count()
                #expect(audit == 1)

                // An empty list makes the spread even again.
                #expect(try await read(ZNModels.Blueprint.self, app, .PUT, path, as: author, ["topics": [[String: Any]]()]).topics.allSatisfy { $0.tasks == nil })
                #expect(try await Self.topicsOfAFreshPaper(app, simulation) == ["Клітина": 2, "Генетика": 2, "Екологія": 2])
            }
        }

        @Test("numbers out of range, too many together, a topic of another subject or named twice: 422 on the field, nothing written")
        func refusals() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                _ = try await Self.biology(app, by: author)
                let path = "/author/subjects/biology/blueprint"
                let blueprint = try await read(ZNModels.Blueprint.self, app, .GET, path, as: author)
                let (cell, genetics) = (blueprint.topics[0].topicId, blueprint.topics[1].topicId)
                let foreign = try #require(try await Topic.query(on: app.db).filter(\.$title == "Відсотки").first()?.id)
                let field = { (id: UUID) in BlueprintService.field(id) }
                let cases: [([[String: Any]], String)] = [
                    ([["topicId": cell.uuidString, "tasks": 7]], field(cell)),
                    ([["topicId": cell.uuidString, "tasks": -1]], field(cell)),
                    ([["topicId": cell.uuidString, "tasks": 4], ["topicId": genetics.uuidString, "tasks": 3]], "tasks"),
                    ([["topicId": foreign.uuidString, "tasks": 1]], field(foreign)),
                    ([["topicId": cell.uuidString, "tasks": 1], ["topicId": cell.uuidString, "tasks": 2]], field(cell)),
                    ([["tasks": 1]], "topics[0].topicId"),
                ]
                for (topics, expected) in cases {
                    let refused = try await send(app, .PUT, path, as: author, ["topics": topics])
                    #expect(refused.status == .unprocessableEntity, "\(topics)")
                    #expect(try problemFields(refused) == [expected], "\(topics)")
                }
                #expect(try problemFields(try await send(app, .PUT, path, as: author, [:])) == ["topics"])
                #expect(try await send(app, .GET, "/author/subjects/astronomy/blueprint", as: author).status == .notFound)
                #expect(try await BlueprintTopic.query(on: app.db).count() == 0, "nothing written")
            }
        }

        @Test("the web page shows the parts and a field per topic, names a bad number on its field, and saves")
        func webPage() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                _ = try await Self.biology(app, by: author)
                let browser = try await signedInBrowser(app, as: author)
                let path = "/znoshka/author/subjects/biology/blueprint"
                let page = try await browser.get(path)
                #expect(page.status == .ok)
                #expect(page.text.contains("6 завдань — Одна правильна відповідь, варіантів: 4"))
                let blueprint = try await read(ZNModels.Blueprint.self, app, .GET, "/author/subjects/biology/blueprint", as: author)
                let cell = BlueprintService.field(blueprint.topics[0].topicId)
                #expect(page.text.contains("name=\"\(cell)\""))
                #expect(try await browser.get("/znoshka/author/subjects/biology").text.contains(path), "linked from the subject's page")

                let refused = try await browser.post(path, form: [cell: "два"])
                #expect(refused.status == .unprocessableEntity && refused.text.contains("field-\(cell)-error"))
                let tooMany = try await browser.post(path, form: [cell: "5", BlueprintService.field(blueprint.topics[1].topicId): "5"])
                #expect(tooMany.status == .unprocessableEntity && tooMany.text.contains("href=\"#field-tasks\""))
                #expect(try await BlueprintTopic.query(on: app.db).count() == 0)

                let saved = try await browser.post(path, form: [cell: " 3 "])
                #expect(saved.status == .seeOther)
                let after = try await browser.get(path)
                #expect(after.text.contains("Задано 3 з 6.") && after.text.contains("value=\"3\""))
                #expect(try await BlueprintTopic.query(on: app.db).all().map(\.tasks) == [3])
            }
        }
    }
}
