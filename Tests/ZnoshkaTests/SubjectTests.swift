import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import Znoshka

/// Chosen subjects: authors add them (and rename any subject), and once one has an НМТ
/// simulation, block 2 is history with it under one shared deadline.
extension ZnoshkaTests {
    @Suite("Subjects and block 2")
    struct SubjectTests {
        /// A short simulation of `subject` (a chosen subject's paper has no fixed shape here).
        func simulation(_ subject: String) throws -> String {
            let seed = try #require(try SeedTests.files().first { $0.name.contains("percent") })
            var file = try #require(try JSONSerialization.jsonObject(with: seed.data) as? [String: Any])
            file["subject"] = subject
            file["kind"] = "simulation"
            file["title"] = "Біологія. Пробне НМТ"
            file.removeValue(forKey: "topic")
            return String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
        }

        @Test("authors add a chosen subject and rename subjects; bad or taken slugs and students are refused, nothing written")
        func subjects() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let student = try await register(app)
                let counts = try await tableCounts(app)
                for (slug, field) in [("Біологія", "slug"), ("1biology", "slug"), ("history", "slug"), ("", "slug")] {
                    let refused = try await send(app, .POST, "/author/subjects", as: author, ["slug": slug, "nameUk": "Біологія", "nameEn": "Biology"])
                    #expect(refused.status == .unprocessableEntity, "\(slug)")
                    #expect(try problemFields(refused) == [field], "\(slug)")
                }
                let noNames = try await send(app, .POST, "/author/subjects", as: author, ["slug": "biology"])
                #expect(try problemFields(noNames).sorted() == ["nameEn", "nameUk"])
                #expect(try await send(app, .POST, "/author/subjects", as: student, ["slug": "biology", "nameUk": "Б", "nameEn": "B"]).status == .forbidden)
                #expect(try await tableCounts(app) == counts)

                let created = try await send(app, .POST, "/author/subjects", as: author, ["slug": "biology", "nameUk": "Біологія", "nameEn": "Biology"])
                #expect(created.status == .created)
                let subject = try decode(ZNModels.AuthorSubject.self, created)
                #expect(subject.slug == "biology" && !subject.compulsory)
                let listed = try await read([ZNModels.SubjectListed].self, app, .GET, "/subjects", as: student)
                #expect(listed.map(\.slug) == ["ukrainian", "mathematics", "history", "biology"])

                let renamed = try await send(app, .PUT, "/author/subjects/history", as: author, ["nameUk": "Історія України (оновлено)", "nameEn": "History"])
                #expect(renamed.status == .ok)
                #expect(try decode(ZNModels.AuthorSubject.self, renamed).compulsory)
                #expect(try await send(app, .PUT, "/author/subjects/physics", as: author, ["nameUk": "Ф", "nameEn": "P"]).status == .notFound)
                let actions = try await AuditEntry.query(on: app.db).filter(\.$actorID == author.id).all().map(\.action)
                #expect(actions.sorted() == ["subject.create", "subject.rename"])
            }
        }

        @Test("two authors adding the same subject at once: one is added, the other told the address is taken")
        func sameSlugRace() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for _ in 0..<6 {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)\(api)/author/subjects"), headers: author.auth) {
                                    try $0.content.encode(["slug": "chemistry", "nameUk": "Хімія", "nameEn": "Chemistry"])
                                }.status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(answers.filter { $0 == .created }.count == 1, "\(answers)")
                #expect(answers.filter { $0 == .unprocessableEntity }.count == 5, "\(answers)")
                #expect(try await Subject.query(on: app.db).filter(\.$slug == "chemistry").count() == 1)
            }
        }

        @Test("block 2 is history with the chosen subject's simulation under one deadline; a subject without one, or a compulsory one, is refused")
        func blockTwo() async throws {
            try await withZnoshka { app in
                let author = try await registerAuthor(app)
                let olena = try await register(app)
                let without = try await send(app, .POST, "/blocks", as: olena, ["block": 2, "subject": "biology"])
                #expect(without.status == .unprocessableEntity)
                #expect(try problemFields(without) == ["subject"])
                _ = try await send(app, .POST, "/author/subjects", as: author, ["slug": "biology", "nameUk": "Біологія", "nameEn": "Biology"])
                let unknown = try await sendRaw(app, .POST, "\(api)/author/tests", token: author.token, try simulation("astronomy"))
                #expect(unknown.status == .unprocessableEntity, "a subject this server does not have")
                #expect(try problemFields(unknown) == ["subject"])
                let noSimulation = try await send(app, .POST, "/blocks", as: olena, ["block": 2, "subject": "biology"])
                #expect(noSimulation.status == .unprocessableEntity, "a chosen subject needs a simulation")
                let imported = try await sendRaw(app, .POST, "\(api)/author/tests", token: author.token, try simulation("biology"))
                #expect(imported.status == .created, "\(imported.body.string)")
                #expect(try await send(app, .POST, "/blocks", as: olena, ["block": 2, "subject": "mathematics"]).status == .unprocessableEntity)
                #expect(try await send(app, .POST, "/blocks", as: olena, ["block": 1, "subject": "biology"]).status == .unprocessableEntity)

                let started = try await send(app, .POST, "/blocks", as: olena, ["block": 2, "subject": "biology"])
                #expect(started.status == .created, "\(started.body.string)")
                let attempts = try decode([ZNModels.AttemptSummary].self, started)
                #expect(attempts.count == 2 && attempts.last?.testTitle == "Біологія. Пробне НМТ")
                #expect(Set(attempts.map(\.deadline)).count == 1 && Set(attempts.map(\.blockId)).count == 1 && attempts[0].blockId != nil)

                let page = try await signedInBrowser(app, as: olena).get("/znoshka/subjects")
                #expect(page.text.contains("name=\"subject\"") && page.text.contains("Біологія"), "block 2 offers the chosen subject")
            }
        }

        @Test("on the authors' page: a subject added and renamed, a taken slug shown on its field")
        func webSubjects() async throws {
            try await withZnoshka { app in
                let author = try await signedInBrowser(app, as: try await registerAuthor(app))
                let added = try await author.post("/znoshka/author/subjects", form: ["slug": "geography", "nameUk": "Географія", "nameEn": "Geography"])
                #expect(added.status == .seeOther)
                let taken = try await author.post("/znoshka/author/subjects", form: ["slug": "geography", "nameUk": "Географія", "nameEn": "Geography"])
                #expect(taken.status == .unprocessableEntity && taken.text.contains("Предмет з такою адресою вже є"))
                let renamed = try await author.post("/znoshka/author/subjects/geography", form: ["nameUk": "Географія України", "nameEn": "Geography"])
                #expect(renamed.status == .seeOther)
                #expect(try await author.get("/znoshka/author/subjects/geography").text.contains("Географія України"))
                let student = try await signedInBrowser(app, as: try await register(app))
                #expect(try await student.get("/znoshka/author/subjects/geography").status == .forbidden)
                #expect(try await student.post("/znoshka/author/subjects", form: ["slug": "music", "nameUk": "М", "nameEn": "M"]).status == .forbidden)
            }
        }
    }
}
