import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Drafts: what an author saves in the web editor stays out of students' sight until it
/// is published, for a new test and for an edit of a live one.
extension ZnoshkaTests {
    @Suite("Drafts and publishing")
    struct DraftTests {
        func test(_ app: Application, _ id: UUID) async throws -> ZnoshkaTest {
            try #require(try await ZnoshkaTest.find(id, on: app.db))
        }

        static let firstQuestion = ["subject": "mathematics", "kind": "topic", "topic": "Дроби", "title": "Дроби за 5 хвилин", "minutes": "5",
                                    "type": "single", "text": "Скільки буде $\\frac{1}{2} + \\frac{1}{2}$?", "options": "0\n1\n2\n\\frac{1}{4}",
                                    "answer": "Б", "explanation": "Половина й половина — ціле.", "action": "save"]

        @Test("a new test from the web editor is a draft: students neither see nor start it until it is published")
        func newTestIsDraft() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                let olena = try await register(app)
                let student = try await signedInBrowser(app, as: olena)
                var id = try editedID(try await author.post("/znoshka/author/tests/new", form: Self.firstQuestion))
                #expect(try await test(app, id).isDraft)
                let editor = try await author.get("/znoshka/author/tests/\(id)/edit")
                #expect(editor.text.contains("Учні ще не бачать цього тесту") && editor.text.contains("Опублікувати тест"))
                #expect(try await author.get("/znoshka/author").text.contains("чернетка, учні не бачать"))

                let second = ["type": "number", "text": "Чому дорівнює $0{,}5 \\cdot 5$?", "answer": "2,5", "explanation": "П’ять половин.",
                              "action": "save"]
                id = try editedID(try await author.post("/znoshka/author/tests/\(id)/questions/new", form: second))
                #expect(try await test(app, id).isDraft, "a draft's edit is still a draft")
                #expect(try await author.get("/znoshka/author/tests/\(id)/preview").text.contains("П’ять половин"))

                #expect(try await student.get("/znoshka/tests/\(id)").status == .notFound)
                #expect(try await send(app, .POST, "/tests/\(id)/attempts", as: olena).status == .notFound)
                #expect(!(try await student.get("/znoshka/subjects/mathematics").text.contains("Дроби за 5 хвилин")))
                #expect(try await read(ZNModels.SubjectDetail.self, app, .GET, "/subjects/mathematics", as: olena).tests.allSatisfy { $0.id != id })

                let published = try await author.post("/znoshka/author/tests/\(id)/publish", form: [:])
                let live = try editedID(published)
                #expect(try await test(app, live).isLive && live != id)
                #expect(try await test(app, id).replacedBy == live)
                #expect(try await author.get(location(published)).text.contains("Тест опубліковано"))
                #expect(try await student.get("/znoshka/subjects/mathematics").text.contains("Дроби за 5 хвилин"))
                #expect(try await send(app, .POST, "/tests/\(live)/attempts", as: olena).status == .created)
                #expect(try await student.get("/znoshka/tests/\(id)").status == .notFound, "the draft stays an author's")
            }
        }

        @Test("editing a live test: students keep the published version, the editor keeps the one draft, publishing replaces it")
        func editOfLiveTest() async throws {
            try await withZnoshka { app in
                let person = try await registerAuthor(app)
                let author = try await signedInBrowser(app, as: person)
                let olena = try await register(app)
                let original = try await seededTest(app, "ukrainian", .topic)
                let liveID = try original.requireID()
                let details = ["kind": "topic", "topic": try await Topic.find(original.topicID!, on: app.db)!.title, "title": "Нова назва",
                               "minutes": String(original.minutes)]
                let draftID = try editedID(try await author.post("/znoshka/author/tests/\(liveID)/details", form: details))
                let draft = try await test(app, draftID)
                #expect(draft.isDraft && draft.draftOf == liveID)
                #expect(try await test(app, liveID).isLive, "students keep the published version")
                #expect(try await read(ZNModels.SubjectDetail.self, app, .GET, "/subjects/ukrainian", as: olena).tests
                    .contains { $0.id == liveID && $0.title == original.title })
                #expect(try await send(app, .POST, "/tests/\(liveID)/attempts", as: olena).status == .created)

                // The live test's editor opens its draft; a save from a stale page of the live test is refused.
                #expect(location(try await author.get("/znoshka/author/tests/\(liveID)/edit")).contains(draftID.uuidString.lowercased()))
                #expect(try await author.get("/znoshka/author/tests/\(draftID)/edit").text.contains("Учні досі бачать опубліковану версію"))
                let counts = try await tableCounts(app)
                let stale = try await author.post("/znoshka/author/tests/\(liveID)/details", form: details.merging(["title": "Інша"]) { $1 })
                #expect(stale.status == .conflict)
                #expect(try await tableCounts(app) == counts, "nothing written")
                #expect(try await author.get("/znoshka/author").text.contains("є неопубліковані зміни"))

                let nextDraft = try editedID(try await author.post("/znoshka/author/tests/\(draftID)/questions/1/move", form: ["direction": "down"]))
                #expect(try await test(app, nextDraft).draftOf == liveID)

                let newLive = try editedID(try await author.post("/znoshka/author/tests/\(nextDraft)/publish", form: [:]))
                let (oldLive, lastDraft, published) = (try await test(app, liveID), try await test(app, nextDraft), try await test(app, newLive))
                #expect(oldLive.replacedBy == newLive && lastDraft.replacedBy == newLive)
                #expect(published.isLive && published.title == "Нова назва")
                let before = try await TestQuestion.query(on: app.db).filter(\.$testID == liveID).sort(\.$position).all().map(\.questionID)
                let after = try await TestQuestion.query(on: app.db).filter(\.$testID == newLive).sort(\.$position).all().map(\.questionID)
                #expect(Set(after) == Set(before) && after != before, "the same question rows, moved: discussions stay")
                #expect(try await AuditEntry.query(on: app.db).filter(\.$entityID == newLive.uuidString).all().map(\.action) == ["test.publish"])
                #expect(try await read(ZNModels.SubjectDetail.self, app, .GET, "/subjects/ukrainian", as: olena).tests
                    .contains { $0.id == newLive && $0.title == "Нова назва" })
                #expect(try await author.post("/znoshka/author/tests/\(nextDraft)/publish", form: [:]).status == .conflict,
                        "a draft is published once")
            }
        }

        @Test("two authors over HTTP at once: editing one live test makes one draft; publishing one draft makes one live version")
        func races() async throws {
            try await withZnoshka { app in
                let authors = [try await signedInBrowser(app, as: try await registerAuthor(app)),
                               try await signedInBrowser(app, as: try await registerAuthor(app))]
                let original = try await seededTest(app, "history", .topic)
                let details = ["kind": "topic", "topic": try await Topic.find(original.topicID!, on: app.db)!.title,
                               "minutes": String(original.minutes)]
                let edits = try await Self.postAtOnce(app, authors.enumerated().map { index, author in
                    (author, "/znoshka/author/tests/\(original.id!)/details", details.merging(["title": "Версія \(index)"]) { $1 })
                })
                // The client follows the winner's redirect to its editor (200); the other is a 409.
                #expect(edits.sorted { $0.code < $1.code } == [.ok, .conflict], "\(edits)")
                let drafts = try await ZnoshkaTest.query(on: app.db).filter(\.$draftOf == original.id!).all()
                #expect(drafts.count == 1)
                let draftID = try #require(drafts.first?.id)

                let publishes = try await Self.postAtOnce(app, authors.map { ($0, "/znoshka/author/tests/\(draftID)/publish", [:]) })
                #expect(publishes.sorted { $0.code < $1.code } == [.ok, .conflict], "\(publishes)")
                let live = try await ZnoshkaTest.live(on: app.db).filter(\.$subjectID == original.subjectID).filter(\.$topicID == original.topicID).all()
                #expect(live.count == 1 && live.first?.title == drafts[0].title)
                #expect(try await test(app, original.id!).replacedBy == live.first?.id)
            }
        }

        @Test("theory in the web editor: a new page and an edit wait as drafts; publishing shows them, dropping keeps the published text")
        func theoryDrafts() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                let student = try await signedInBrowser(app, as: try await register(app))
                let added = try await author.post("/znoshka/author/theory", form: ["subject": "history", "topic": "Козацька доба",
                                                                                  "title": "Гетьманщина", "markdown": "Текст **жирний**"])
                #expect(location(added).hasPrefix("/znoshka/author/theory/"), "\(added.status)")
                let page = try #require(try await TheoryPage.query(on: app.db).filter(\.$title == "Гетьманщина").first())
                let topicPath = "/znoshka/topics/\(page.topicID)"
                #expect(!page.isPublished)
                #expect(try await author.get(location(added)).text.contains("Учні ще не бачать цієї сторінки"))
                #expect(!(try await student.get(topicPath).text.contains("Гетьманщина")))
                #expect(try await author.get("/znoshka/author/topics/\(page.topicID)").text.contains("чернетка, учні не бачать"))
                #expect(try await author.post("/znoshka/author/theory/\(page.id!)/publish", form: [:]).status == .seeOther)
                #expect(try await student.get(topicPath).text.contains("<strong>жирний</strong>"))

                // An edit of the published page: students read the old text until it is published.
                _ = try await author.post("/znoshka/author/theory/\(page.id!)", form: ["title": "Гетьманщина", "markdown": "Новий текст", "action": "save"])
                #expect(try await student.get(topicPath).text.contains("<strong>жирний</strong>"))
                let editor = try await author.get("/znoshka/author/theory/\(page.id!)").text
                #expect(editor.contains("Учні досі читають опубліковану сторінку") && editor.contains("Новий текст"))
                #expect(try await author.post("/znoshka/author/theory/\(page.id!)/discard", form: [:]).status == .seeOther)
                let kept = try #require(try await TheoryPage.find(page.id!, on: app.db))
                #expect(kept.draftMarkdown == nil && kept.markdown == "Текст **жирний**" && kept.isPublished)

                _ = try await author.post("/znoshka/author/theory/\(page.id!)", form: ["title": "Гетьманщина", "markdown": "Новий текст", "action": "save"])
                _ = try await author.post("/znoshka/author/theory/\(page.id!)/publish", form: [:])
                let shown = try await student.get(topicPath).text
                #expect(shown.contains("Новий текст") && !shown.contains("жирний"))
                #expect(try await student.post("/znoshka/author/theory/\(page.id!)/publish", form: [:]).status == .forbidden)
            }
        }

        /// Sends each browser's form at once to the application served live, with its
        /// cookies and CSRF token, and gives the statuses.
        static func postAtOnce(_ app: Application, _ posts: [(TestBrowser, String, [String: String])]) async throws -> [HTTPStatus] {
            for (browser, _, _) in posts where browser.cookies["hromada_csrf"] == nil { _ = try await browser.get("/znoshka/") }
            return try await TestHarness.withLiveServer(app) { base in
                try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for (browser, path, form) in posts {
                        let cookies = browser.cookies
                        let fields = form.merging(["_csrf": cookies["hromada_csrf"] ?? ""]) { $1 }
                        group.addTask {
                            var headers = HTTPHeaders()
                            headers.contentType = .urlEncodedForm
                            headers.replaceOrAdd(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
                            return try await app.client.post(URI(string: base + path), headers: headers) { request in
                                request.body = ByteBuffer(string: fields.map { "\(TestBrowser.encode($0.key))=\(TestBrowser.encode($0.value))" }
                                    .joined(separator: "&"))
                            }.status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
        }
    }
}
