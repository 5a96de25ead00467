import Foundation
import Kernel
import Vapor

/// Authors' work: tests (import, export, edit as a file, question statistics), theory
/// pages, topics and subjects; administrators give the author role.
extension ZnoshkaAPI {
    /// The body is a test file (`docs/znoshka-test-files.md`).
    static func importTest(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        let id = try await req.znoshka.authoring.importTest(data, by: author)
        return try await M.Imported(testId: id).encodeResponse(status: .created, for: req)
    }

    /// The body is a Moodle XML question bank; the test it becomes is in the query:
    /// `subject`, `kind` (topic by default), `topic`, `title`, `minutes`.
    static func importMoodle(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        let query = { (name: String) in req.query[String.self, at: name] }
        let id = try await req.znoshka.authoring.importMoodle(data, subject: query("subject"), kind: query("kind"), topic: query("topic"),
                                                              title: query("title"), minutes: query("minutes"), by: author)
        return try await M.Imported(testId: id).encodeResponse(status: .created, for: req)
    }

    /// The body is the edited test file; the answer names the new version.
    static func replaceTest(_ req: Request) async throws -> M.Imported {
        let author = try await req.student()
        let data = Data(buffer: req.body.data ?? ByteBuffer())
        return M.Imported(testId: try await req.znoshka.authoring.replaceTest(try testID(req), file: data, by: author))
    }

    static func createTheoryPage(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let input = try req.content.decode(M.TheoryPageInput.self)
        let id = try await req.znoshka.authoring.addTheory(subject: input.subject, topic: input.topic, title: input.title,
                                                           markdown: input.markdown, by: author)
        return try await theoryPage(req, id, by: author).encodeResponse(status: .created, for: req)
    }

    static func updateTheoryPage(_ req: Request) async throws -> M.TheoryPageDTO {
        let author = try await req.student()
        let id = try pageID(req)
        let input = try req.content.decode(M.TheoryPageInput.self)
        try await req.znoshka.authoring.updateTheory(id, title: input.title, markdown: input.markdown, by: author)
        return try await theoryPage(req, id, by: author)
    }

    static func deleteTheoryPage(_ req: Request) async throws -> HTTPStatus {
        try await req.znoshka.authoring.deleteTheory(try pageID(req), by: try await req.student())
        return .noContent
    }

    private static func theoryPage(_ req: Request, _ id: UUID, by author: Student) async throws -> M.TheoryPageDTO {
        let page = try await req.znoshka.authoring.theoryPage(id, by: author).page
        return M.TheoryPageDTO(id: id, title: page.title, markdown: page.markdown, html: page.html)
    }

    static func renameTopic(_ req: Request) async throws -> M.TopicSummary {
        let author = try await req.student()
        let id = try topicID(req)
        try await req.znoshka.authoring.renameTopic(id, title: try req.content.decode(M.TopicRename.self).title, by: author)
        let (topic, _, pages, _) = try await req.znoshka.catalog.topic(id)
        return M.TopicSummary(id: id, title: topic.title, pages: pages.map { M.PageSummary(id: $0.id!, title: $0.title) })
    }

    static func createSubject(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let input = try req.content.decode(M.SubjectInput.self)
        let subject = try await req.znoshka.authoring.createSubject(slug: input.slug, nameUK: input.nameUk, nameEN: input.nameEn, by: author)
        return try await authorSubject(subject).encodeResponse(status: .created, for: req)
    }

    static func updateSubject(_ req: Request) async throws -> M.AuthorSubject {
        let author = try await req.student()
        let input = try req.content.decode(M.SubjectInput.self)
        return authorSubject(try await req.znoshka.authoring.updateSubject(req.parameters.get("slug") ?? "", nameUK: input.nameUk,
                                                                            nameEN: input.nameEn, by: author))
    }

    static func importOfficialTable(_ req: Request) async throws -> M.OfficialTable {
        let admin = try await req.student()
        let input = try req.content.decode(M.OfficialTableInput.self)
        let imported = try await req.znoshka.authoring.importOfficialTable(subject: req.parameters.get("slug") ?? "", year: input.year,
                                                                          source: input.source, csv: input.csv, by: admin)
        return M.OfficialTable(year: imported.year, source: imported.source, threshold: imported.table.threshold,
                               maxPoints: imported.table.maxRaw, scores: imported.table.scores, tests: imported.simulations)
    }

    static func authorSubject(_ subject: Subject) -> M.AuthorSubject {
        M.AuthorSubject(id: subject.id!, slug: subject.slug, nameUk: subject.nameUK, nameEn: subject.nameEN, compulsory: subject.isCompulsory)
    }

    static func exportTest(_ req: Request) async throws -> Response {
        let author = try await req.student()
        let data = try await req.znoshka.authoring.export(try testID(req), by: author)
        return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(data: data))
    }

    static func questionStatistics(_ req: Request) async throws -> M.QuestionStatistics {
        let author = try await req.student()
        let stats = try await req.znoshka.authoring.questionStatistics(try testID(req), by: author)
        return M.QuestionStatistics(testId: stats.test.id!, attempts: stats.attempts, questions: stats.questions.map { number, _, result in
            M.QuestionStat(number: number, questionId: result.questionID, facility: result.facility, discrimination: result.discrimination,
                           unusedOptions: result.unusedOptions, poorlyDiscriminating: result.poorlyDiscriminating, flagged: result.isFlagged)
        })
    }

    static func setAuthorRole(_ req: Request) async throws -> M.Profile {
        let admin = try await req.student()
        guard admin.isAdmin else { throw AppError.forbidden }
        let input = try req.content.decode(M.AuthorRole.self)
        let role = input.role ?? ((input.author ?? true) ? Student.authorRole : Student.studentRole)
        return profile(try await req.znoshka.students.setRoleShowingProfile(email: input.email, role, by: admin))
    }
}
