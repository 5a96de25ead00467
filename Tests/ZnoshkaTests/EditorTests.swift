import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Authors editing content: a test saved as a new version that keeps its unchanged
/// questions, the question form in the answer-sheet notation, theory pages and topics,
/// through the web editor and the API; students never reach any of it.
extension ZnoshkaTests {
    @Suite("Editing content")
    struct EditorTests {
        @Test("every seeded question survives the form: its values read back as the same question")
        func formRoundTrip() throws {
            let questions = try SeedTests.files().flatMap { try TestFile.read($0.data).questions }
            #expect(questions.count > 100)
            for question in questions {
                guard case .valid(let read) = QuestionForm.question(from: QuestionForm.values(question)) else {
                    Issue.record("\(question.text) does not read back")
                    continue
                }
                #expect(read == question)
            }
        }

        @Test("the form's notation: pairs with any separators or letters alone, numbers with a comma, each problem on its field")
        func formNotation() {
            #expect(QuestionForm.pairs("1-Б, 2-А; 3 Д 4В") == ["1": "Б", "2": "А", "3": "Д", "4": "В"])
            #expect(QuestionForm.pairs("бадв".uppercased()) == ["1": "Б", "2": "А", "3": "Д", "4": "В"])
            let matching = ["type": "matching", "text": "Пари", "explanation": "Бо так.", "prompts": "а\nб\nв", "options": "1\n2\n3\n4\n5",
                            "answer": "1в 2а 3д"]
            guard case .valid(let question) = QuestionForm.question(from: matching) else { Issue.record("lower-case letters are read"); return }
            #expect(question.key == .pairs([2, 0, 4]))
            let number = ["type": "number", "text": "Скільки?", "explanation": "Рахуємо.", "answer": "2,5", "tolerance": "0,01"]
            guard case .valid(let numeric) = QuestionForm.question(from: number) else { Issue.record("a comma decimal is read"); return }
            #expect(numeric.key == .number(Decimal(string: "2.5")!, tolerance: Decimal(string: "0.01")!))

            let broken = ["type": "single", "text": " ", "explanation": "", "options": "один\nдва\nтри\nчотири", "answer": "Е"]
            guard case .invalid(let errors) = QuestionForm.question(from: broken) else { Issue.record("a broken question is refused"); return }
            #expect(Set(errors.map(\.field)) == ["answer", "text", "explanation"])
            #expect(errors.first { $0.field == "answer" }?.key == "zn.content.letters")
            let short = ["type": "single", "text": "Що?", "explanation": "Бо.", "options": "один\nдва\nтри", "answer": "А"]
            guard case .invalid(let shape) = QuestionForm.question(from: short) else { Issue.record("three options are refused"); return }
            #expect(shape.map(\.field).contains("type") || shape.map(\.field).contains("options"))
        }

        @Test("an edit is a new version: unchanged questions keep their rows, the old version leaves the lists, its attempts stay")
        func newVersion() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let olena = try await register(app)
                let original = try await seededTest(app, "mathematics", .topic)
                let attempt = try await start(app, original, as: olena)
                _ = try await send(app, .POST, "/attempts/\(attempt.id)/finish", as: olena)
                let before = try await TestQuestion.query(on: app.db).filter(\.$testID == original.id!).sort(\.$position).all().map(\.questionID)

                let exported = try await send(app, .GET, "/author/tests/\(original.id!)", as: author)
                var file = try #require(try JSONSerialization.jsonObject(with: Data(buffer: exported.body)) as? [String: Any])
                var questions = try #require(file["questions"] as? [[String: Any]])
                questions[0]["text"] = "Нова умова першого питання"
                questions.swapAt(1, 2)
                file["questions"] = questions
                file["title"] = "Оновлений тест"
                let body = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
                let saved = try await sendRaw(app, .PUT, "\(api)/author/tests/\(original.id!)", token: author.token, body)
                #expect(saved.status == .ok, "\(saved.body.string)")
                let newID = try decode(ZNModels.Imported.self, saved).testId
                let after = try await TestQuestion.query(on: app.db).filter(\.$testID == newID).sort(\.$position).all().map(\.questionID)
                #expect(after.count == before.count)
                #expect(after[0] != before[0], "the edited question is a new row")
                #expect(after[1] == before[2] && after[2] == before[1] && Array(after[3...]) == Array(before[3...]), "the rest keep their rows, moved")

                let replaced = try #require(try await ZnoshkaTest.find(original.id!, on: app.db))
                #expect(replaced.replacedBy == newID)
                let renewed = try #require(try await ZnoshkaTest.find(newID, on: app.db))
                #expect(renewed.position == original.position && renewed.title == "Оновлений тест")
                let subject = try await read(ZNModels.SubjectDetail.self, app, .GET, "/subjects/mathematics", as: olena)
                #expect(subject.tests.contains { $0.id == newID } && !subject.tests.contains { $0.id == original.id! })
                let review = try await send(app, .GET, "/attempts/\(attempt.id)/review", as: olena)
                #expect(review.status == .ok, "the attempt at the old version stays readable")
                let audit = try await AuditEntry.query(on: app.db).filter(\.$entityID == newID.uuidString).all()
                #expect(audit.map(\.action) == ["test.edit"])

                let again = try await sendRaw(app, .PUT, "\(api)/author/tests/\(original.id!)", token: author.token, body)
                #expect(again.status == .conflict, "an old version cannot be saved over")
                #expect(try problem(again).code == "test_replaced")
            }
        }

        @Test("a broken edit, a simulation that loses its shape, and a student's edit are refused and write nothing")
        func refusedEdits() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let student = try await register(app)
                let simulation = try await seededTest(app, "history", .simulation)
                let exported = try await send(app, .GET, "/author/tests/\(simulation.id!)", as: author)
                var file = try #require(try JSONSerialization.jsonObject(with: Data(buffer: exported.body)) as? [String: Any])
                var questions = try #require(file["questions"] as? [[String: Any]])
                questions.removeLast()
                file["questions"] = questions
                let shorter = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
                let counts = try await tableCounts(app)
                let refused = try await sendRaw(app, .PUT, "\(api)/author/tests/\(simulation.id!)", token: author.token, shorter)
                #expect(refused.status == .unprocessableEntity)
                #expect(try problemFields(refused) == ["questions"])
                questions = try #require(file["questions"] as? [[String: Any]])
                questions[3]["answer"] = "Е"
                file["questions"] = questions
                let broken = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
                let named = try await sendRaw(app, .PUT, "\(api)/author/tests/\(simulation.id!)", token: author.token, broken)
                #expect(named.status == .unprocessableEntity)
                #expect(try problemFields(named).contains("questions[3].answer"))
                let forbidden = try await sendRaw(app, .PUT, "\(api)/author/tests/\(simulation.id!)", token: student.token, String(decoding: Data(buffer: exported.body), as: UTF8.self))
                #expect(forbidden.status == .forbidden)
                let missing = try await sendRaw(app, .PUT, "\(api)/author/tests/\(UUID())", token: author.token, String(decoding: Data(buffer: exported.body), as: UTF8.self))
                #expect(missing.status == .notFound)
                #expect(try await tableCounts(app) == counts)
                let current = try #require(try await ZnoshkaTest.find(simulation.id!, on: app.db))
                #expect(current.replacedBy == nil)
            }
        }

        @Test("the web editor: a new test with its first question, questions added, edited, moved and removed, previews that write nothing")
        func webEditor() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                let first = ["subject": "mathematics", "kind": "topic", "topic": "Дроби", "title": "Дроби за 5 хвилин", "minutes": "5",
                             "type": "single", "text": "Скільки буде $\\frac{1}{2} + \\frac{1}{2}$?", "options": "0\n1\n2\n\\frac{1}{4}",
                             "answer": "Б", "explanation": "Половина й половина — ціле."]
                let counts = try await tableCounts(app)
                let preview = try await author.post("/znoshka/author/tests/new", form: first.merging(["action": "preview"]) { $1 })
                #expect(preview.status == .ok && preview.text.contains("<math") && preview.text.contains("Половина й половина"))
                #expect(try await tableCounts(app) == counts, "a preview writes nothing")
                let invalid = try await author.post("/znoshka/author/tests/new", form: first.merging(["answer": "Ж", "title": "", "action": "save"]) { $1 })
                #expect(invalid.status == .unprocessableEntity && invalid.text.contains("Відповідь не збігається з варіантами")
                        && invalid.text.contains("Дроби за 5 хвилин") == false)
                #expect(try await tableCounts(app) == counts)

                let created = try await author.post("/znoshka/author/tests/new", form: first.merging(["action": "save"]) { $1 })
                var id = try editedID(created)
                let editor = try await author.get("/znoshka/author/tests/\(id)/edit")
                #expect(editor.status == .ok && editor.text.contains("Дроби за 5 хвилин"))

                let second = ["type": "number", "text": "Чому дорівнює $0{,}5 \\cdot 5$?", "answer": "2,5", "explanation": "П’ять половин."]
                let formPage = try await author.get("/znoshka/author/tests/\(id)/questions/new?type=number")
                #expect(formPage.status == .ok)
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/new", form: second.merging(["action": "save"]) { $1 }))
                let third = ["type": "sequence", "text": "Від меншого до більшого", "prompts": "3\n1\n4\n2", "answer": "Б Г А В",
                             "explanation": "1 < 2 < 3 < 4."]
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/new", form: third.merging(["action": "save"]) { $1 }))
                var test = try await app.znoshkaAuthoring.authoredTest(id)
                #expect(test.questions.map(\.kind) == [.singleChoice(options: 4), .shortNumeric, .sequence(items: 4)])
                #expect(test.questions[2].key == .order([1, 3, 0, 2]))

                let edit = try await author.get("/znoshka/author/tests/\(id)/questions/2")
                #expect(edit.text.contains("2,5"), "the form is filled in the answer-sheet notation")
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/2",
                                                        form: second.merging(["answer": "2.5", "tolerance": "0,1", "action": "save"]) { $1 }))
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/3/move", form: ["direction": "up"]))
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/1/delete", form: [:]))
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/details",
                                                        form: ["kind": "topic", "topic": "Дроби", "title": "Дроби й порядок", "minutes": "7"]))
                test = try await app.znoshkaAuthoring.authoredTest(id)
                #expect(test.title == "Дроби й порядок" && test.minutes == 7)
                #expect(test.questions.map(\.kind) == [.sequence(items: 4), .shortNumeric])
                #expect(test.questions[1].key == .number(Decimal(string: "2.5")!, tolerance: Decimal(string: "0.1")!))

                let whole = try await author.get("/znoshka/author/tests/\(id)/preview")
                #expect(whole.status == .ok && whole.text.contains("П’ять половин") && whole.text.contains("Від меншого до більшого"))
                let gone = try await author.get("/znoshka/author/tests/\(id)/questions/9")
                #expect(gone.status == .notFound)
                let list = try await author.get("/znoshka/author")
                #expect(list.text.contains("Дроби й порядок") && !list.text.contains("Дроби за 5 хвилин"), "only current versions are listed")
            }
        }

        @Test("theory pages edited and removed, topics renamed (unique in their subject), on the web and through the API")
        func theoryAndTopics() async throws {
            try await withZnoshka { app in
                let person = try await registerAuthor(app)
                let author = try await signedInBrowser(app, as: person)
                let topic = try #require(try await Topic.query(on: app.db).sort(\.$position).first())
                let page = try #require(try await TheoryPage.query(on: app.db).filter(\.$topicID == topic.id!).first())
                let attack = "<script>alert(1)</script>"
                let preview = try await author.post("/znoshka/author/theory/\(page.id!)", form: ["title": page.title, "markdown": "Нове $x^2$ \(attack)",
                                                                                                "action": "preview"])
                #expect(preview.status == .ok && preview.text.contains("<math") && !preview.text.contains("<script>alert"))
                #expect(try await TheoryPage.find(page.id!, on: app.db)?.markdown == page.markdown, "a preview writes nothing")
                let badFormula = try await author.post("/znoshka/author/theory/\(page.id!)", form: ["title": page.title, "markdown": "$\\frac{1}$",
                                                                                                   "action": "save"])
                #expect(badFormula.status == .unprocessableEntity)
                let saved = try await author.post("/znoshka/author/theory/\(page.id!)", form: ["title": "Оновлена сторінка", "markdown": "Нове $x^2$ \(attack)",
                                                                                              "action": "save"])
                #expect(saved.status == .seeOther)
                #expect(!(try await author.get("/znoshka/topics/\(topic.id!)").text.contains("Оновлена сторінка")), "a draft until published")
                #expect(try await author.post("/znoshka/author/theory/\(page.id!)/publish", form: [:]).status == .seeOther)
                let shown = try await author.get("/znoshka/topics/\(topic.id!)").text
                #expect(shown.contains("Оновлена сторінка") && !shown.contains("<script>alert") && shown.contains("&lt;script&gt;"))

                let other = try #require(try await Topic.query(on: app.db).filter(\.$subjectID == topic.subjectID).filter(\.$id != topic.id!).first())
                let taken = try await author.post("/znoshka/author/topics/\(topic.id!)", form: ["title": other.title])
                #expect(taken.status == .unprocessableEntity && taken.text.contains("вже є"))
                let renamed = try await send(app, .PUT, "/author/topics/\(topic.id!)", as: person, ["title": "Перейменована тема"])
                #expect(renamed.status == .ok)
                #expect(try decode(ZNModels.TopicSummary.self, renamed).title == "Перейменована тема")

                let added = try await send(app, .POST, "/author/theory", as: person,
                                           ["subject": "history", "topic": "Нова тема", "title": "Сторінка", "markdown": "Текст **жирний**"])
                #expect(added.status == .created)
                let dto = try decode(ZNModels.TheoryPageDTO.self, added)
                #expect(dto.html.contains("<strong>жирний</strong>"))
                let edited = try await send(app, .PUT, "/author/theory/\(dto.id)", as: person, ["title": "Сторінка 2", "markdown": "Інший текст"])
                #expect(edited.status == .ok)
                #expect(try decode(ZNModels.TheoryPageDTO.self, edited).title == "Сторінка 2")
                let student = try await register(app)
                #expect(try await send(app, .PUT, "/author/theory/\(dto.id)", as: student, ["title": "x", "markdown": "y"]).status == .forbidden)
                #expect(try await send(app, .DELETE, "/author/theory/\(dto.id)", as: student).status == .forbidden)
                #expect(try await send(app, .DELETE, "/author/theory/\(dto.id)", as: person).status == .noContent)
                #expect(try await send(app, .DELETE, "/author/theory/\(dto.id)", as: person).status == .notFound)
                let removed = try await author.post("/znoshka/author/theory/\(page.id!)/delete", form: [:])
                #expect(removed.status == .seeOther)
                #expect(try await TheoryPage.find(page.id!, on: app.db) == nil)
                let actions = try await AuditEntry.query(on: app.db).filter(\.$actorID == person.id).all().map(\.action)
                #expect(Set(actions) == ["theory.draft", "theory.publish", "theory.edit", "topic.rename", "theory.create", "theory.delete"])
            }
        }

        @Test("students reach none of the editor")
        func studentsKeptOut() async throws {
            try await withZnoshka { app in
                let student = try await signedInBrowser(app, as: try await register(app))
                let test = try await seededTest(app, "ukrainian", .topic)
                let topic = try #require(try await Topic.query(on: app.db).first())
                let page = try #require(try await TheoryPage.query(on: app.db).first())
                for path in ["/znoshka/author/tests/new", "/znoshka/author/tests/\(test.id!)/edit", "/znoshka/author/tests/\(test.id!)/preview",
                             "/znoshka/author/tests/\(test.id!)/questions/1", "/znoshka/author/topics/\(topic.id!)", "/znoshka/author/theory/\(page.id!)"] {
                    #expect(try await student.get(path).status == .forbidden, "\(path)")
                }
                let counts = try await tableCounts(app)
                for path in ["/znoshka/author/tests/\(test.id!)/questions/1/delete", "/znoshka/author/tests/\(test.id!)/details",
                             "/znoshka/author/topics/\(topic.id!)", "/znoshka/author/theory/\(page.id!)/delete"] {
                    #expect(try await student.post(path, form: ["title": "x", "kind": "topic", "minutes": "5"]).status == .forbidden, "\(path)")
                }
                #expect(try await tableCounts(app) == counts)
            }
        }

        @Test("a mixed test's questions get their programme topics, the first on the new-test page; a title too long is refused; the old version links no student page")
        func questionTopics() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                #expect(try await author.get("/znoshka/author/tests/new").text.contains(#"name="question_topic""#))
                var form = ["subject": "mathematics", "kind": "mixed", "title": "Усього потроху", "minutes": "10", "type": "number",
                            "text": "Обчисліть $\\log_2 8$.", "answer": "3", "explanation": "$2^3 = 8$.", "action": "save",
                            "question_topic": "Логарифми"]
                var id = try editedID(try await author.post("/znoshka/author/tests/new", form: form))
                #expect(try await author.get("/znoshka/author/tests/\(id)/questions/1").text.contains(#"value="Логарифми""#))
                form["text"] = "Обчисліть $\\log_3 9$."
                form["answer"] = "2"
                form["question_topic"] = "Показникові рівняння"
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/new", form: form))
                let places = try await TestQuestion.query(on: app.db).filter(\.$testID == id).sort(\.$position).all()
                var titles: [String?] = []
                for place in places {
                    let row = try #require(try await StoredQuestion.find(place.questionID, on: app.db))
                    titles.append(try await row.topicID.asyncMap { try await Topic.find($0, on: app.db)?.title } ?? nil)
                }
                #expect(titles == ["Логарифми", "Показникові рівняння"])
                #expect(try await author.get("/znoshka/author/tests/\(id)/questions/2").text.contains("value=\"Показникові рівняння\""))

                form["question_topic"] = String(repeating: "т", count: AuthoredTest.topicMaxLength + 1)
                let refused = try await author.post("/znoshka/author/tests/\(id)/questions/2", form: form)
                #expect(refused.status == .unprocessableEntity && refused.text.contains("Назва теми — до 120 символів."))

                let published = try editedID(try await author.post("/znoshka/author/tests/\(id)/publish", form: [:]))
                #expect(try await author.get("/znoshka/author/tests/\(published)/edit").text.contains(ZnoshkaWeb.testPath(published)))
                #expect(!(try await author.get("/znoshka/author/tests/\(id)/edit").text.contains(ZnoshkaWeb.testPath(id))),
                        "the replaced draft's editor links no student page (it would be a 404)")
            }
        }
    }
}

extension Application {
    /// The authoring service as an administrator would use it, for reading what the editor saved.
    var znoshkaAuthoring: AuthoringReader { AuthoringReader(app: self) }
}

struct AuthoringReader {
    let app: Application

    func authoredTest(_ id: UUID) async throws -> AuthoredTest {
        let stored = try #require(try await ZnoshkaTest.find(id, on: app.db))
        let places = try await TestQuestion.query(on: app.db).filter(\.$testID == id).sort(\.$position).all()
        let questions = try await StoredQuestion.query(on: app.db).filter(\.$id ~~ places.map(\.questionID)).all()
        let byID = Dictionary(uniqueKeysWithValues: questions.map { ($0.id!, $0.question) })
        return AuthoredTest(subject: "", kind: stored.testKind, topic: nil, title: stored.title, minutes: stored.minutes,
                            questions: places.compactMap { byID[$0.questionID] })
    }
}
