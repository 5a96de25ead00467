import Foundation
import Kernel
import Vapor

/// Authors' page (`/znoshka/author`, authors and administrators only): every test and
/// topic with the way to edit it (`TestEditorPage`, `TopicEditorPage`, `TheoryPageEditorPage`), a new test,
/// import of a test file or a Moodle bank, export, a new theory page with a preview as
/// students will see it; administrators give the author role.
enum AuthorPage {
    static let path = "\(ZnoshkaWeb.prefix)/author"

    static func register(on web: any RoutesBuilder) {
        web.get("author", use: show)
        web.post("author", "import", use: importTest)
        web.post("author", "moodle", use: importMoodle)
        web.get("author", "tests", ":testID", "export", use: export)
        web.get("author", "tests", ":testID", "statistics", use: statistics)
        web.post("author", "theory", use: theory)
        web.post("author", "roles", use: setRole)
        NewTestPage.register(on: web)
        TestEditorPage.register(on: web)
        QuestionEditorPage.register(on: web)
        TestPreviewPage.register(on: web)
        TopicEditorPage.register(on: web)
        TheoryPageEditorPage.register(on: web)
        SubjectEditorPage.register(on: web)
        BlueprintPage.register(on: web)
    }

    static func author(_ req: Request) async throws -> Student {
        let person = try await req.student()
        try AuthoringService.requireAuthor(person)
        return person
    }

    static func show(_ req: Request) async throws -> Response {
        try await render(req, author: try await author(req), form: FormState())
    }

    static func importTest(_ req: Request) async throws -> Response {
        let author = try await author(req)
        let state = FormState.submitted(by: req)
        do {
            let id = try await req.znoshka.authoring.importTest(Data((state.values["file"] ?? "").utf8), by: author)
            return req.redirect(to: ZnoshkaWeb.testPath(id), flash: .success, "zn.author.imported")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await render(req, author: author, form: FormState(values: state.values), problems: error.fieldErrors, status: error.status)
        }
    }

    static func importMoodle(_ req: Request) async throws -> Response {
        let author = try await author(req)
        let state = FormState.submitted(by: req)
        let values = state.values
        do {
            let id = try await req.znoshka.authoring.importMoodle(Data((values["moodle"] ?? "").utf8), subject: values[moodleField("subject")],
                                                                  kind: values[moodleField("kind")], topic: values[moodleField("topic")],
                                                                  title: values[moodleField("title")], minutes: values[moodleField("minutes")], by: author)
            return req.redirect(to: ZnoshkaWeb.testPath(id), flash: .success, "zn.author.imported")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let fieldErrors = error.fieldErrors.filter { $0.key != "zn.import.problem" }
                .map { FieldError(field: moodleField($0.field), key: $0.key, arguments: $0.arguments) }
            return try await render(req, author: author, form: FormState(values: values, errors: fieldErrors),
                                    problems: error.fieldErrors.filter { $0.key == "zn.import.problem" }, status: error.status)
        }
    }

    /// The Moodle form's own name for a field (the theory form on the same page has a
    /// subject, topic and title too, and ids must be unique on a page).
    static func moodleField(_ name: String) -> String { "moodle" + name.prefix(1).uppercased() + name.dropFirst() }

    static func export(_ req: Request) async throws -> Response {
        let data = try await req.znoshka.authoring.export(try ZnoshkaAPI.testID(req), by: try await author(req))
        return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8",
                                               "Content-Disposition": "attachment; filename=\"test.json\""], body: .init(data: data))
    }

    static func statistics(_ req: Request) async throws -> Response {
        let author = try await author(req)
        let stats = try await req.znoshka.authoring.questionStatistics(try ZnoshkaAPI.testID(req), by: author)
        return req.render(QuestionStatisticsView(author: author, test: stats.test, attempts: stats.attempts, rows: stats.questions, c: req.viewContext).page)
    }

    /// `action=preview` shows the page as students will see it; `save` adds it.
    static func theory(_ req: Request) async throws -> Response {
        let author = try await author(req)
        let state = FormState.submitted(by: req)
        if state.values["action"] == "preview" {
            return try await render(req, author: author, form: state, preview: TheoryMarkdown.render(state.values["markdown"] ?? "").html)
        }
        do {
            let id = try await req.znoshka.authoring.addTheory(subject: state.values["subject"], topic: state.values["topic"], title: state.values["title"],
                                                              markdown: state.values["markdown"], asDraft: true, by: author)
            return req.redirect(to: TheoryPageEditorPage.path(id), flash: .success, "zn.author.theory_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await render(req, author: author, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func setRole(_ req: Request) async throws -> Response {
        let admin = try await author(req)
        let state = FormState.submitted(by: req)
        do {
            let account = try await req.znoshka.students.setRole(email: state.values["email"], state.values["role"], by: admin)
            return req.redirect(to: path, flash: .success, "zn.author.role_now.\(account.role)")
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .notFound {
            return req.redirect(to: path, flash: .error, error.fieldErrors.first?.key ?? error.key)
        }
    }

    static func render(_ req: Request, author: Student, form: FormState, subjectForm: FormState = FormState(), problems: [FieldError] = [],
                       preview: String? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let tests = try await req.znoshka.catalog.testsBySubject()
        let topics = try await req.znoshka.catalog.topics()
        return req.render(AuthorView(author: author, tests: tests, topics: topics, form: form, subjectForm: subjectForm, problems: problems, preview: preview, status: status, c: req.viewContext).page)
    }
}
