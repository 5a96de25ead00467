import Foundation
import Kernel
import Vapor

/// A new test for authors: its own fields and its first question, with a preview of the
/// question as students will see it; saving it makes a draft (students see it once it is
/// published) and opens the test editor (`TestEditorPage`).
enum NewTestPage {
    static let path = "\(AuthorPage.path)/tests/new"

    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", "new", use: newTest)
        web.post("author", "tests", "new", use: createTest)
    }

    static func newTest(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let subject = (try? req.query.get(String.self, at: "subject")) ?? TestFile.subjects[0]
        let values = ["subject": subject, "kind": "topic", "minutes": "20", "type": "single"]
        return try await renderNew(req, author: author, form: FormState(values: values))
    }

    /// `action=preview` shows the first question as students will see it; `save` creates the test.
    static func createTest(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let details = TestEditorPage.details(form.values, subjects: try await req.znoshka.catalog.subjects().map(\.slug))
        var errors = details.errors
        let question = QuestionForm.question(from: form.values)
        if case .invalid(let problems) = question { errors += problems }
        // A simulation's or a mixed test's question names its own topic; a topic test's are all of its topic.
        let topic = details.kind == .topic ? nil : QuestionForm.topic(form.values)
        if let error = topic?.error { errors.append(error) }
        guard errors.isEmpty, case .valid(let first) = question, var test = details.test(questions: [first]) else {
            return try await renderNew(req, author: author, form: FormState(values: form.values, errors: errors), status: .unprocessableEntity)
        }
        test.entries = [(first, topic?.title)]
        if form.values["action"] == "preview" {
            return try await renderNew(req, author: author, form: form, preview: first)
        }
        do {
            let id = try await req.znoshka.authoring.create(test, asDraft: true, by: author)
            return req.redirect(to: TestEditorPage.editPath(id), flash: .success, "zn.editor.created")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await renderNew(req, author: author, form: form, problems: error.fieldErrors, status: error.status)
        }
    }

    static func renderNew(_ req: Request, author: Student, form: FormState, preview: Question? = nil, problems: [FieldError] = [],
                          status: HTTPResponseStatus = .ok) async throws -> Response {
        let subjects = try await req.znoshka.catalog.subjects()
        return req.render(NewTestView(author: author, subjects: subjects, form: form, preview: preview, problems: problems, status: status,
                                      c: req.viewContext).page)
    }
}
