import Foundation
import Kernel
import Vapor

/// The test editor for authors: a new test with its first question (`NewTestPage`), then
/// its details and questions one at a time (edit and add: `QuestionEditorPage`; move and
/// remove: here), each with a preview as students will see it, and the whole test
/// previewed (`TestPreviewPage`). Every save is a new version of the test's draft
/// (`AuthoringService.saveDraft`), so the editor moves to the new version's address;
/// students see none of it until an author publishes the draft.
enum TestEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", ":testID", "edit", use: edit)
        web.post("author", "tests", ":testID", "publish", use: publish)
        web.post("author", "tests", ":testID", "details", use: saveDetails)
        web.post("author", "tests", ":testID", "questions", ":number", "move", use: move)
        web.post("author", "tests", ":testID", "questions", ":number", "delete", use: delete)
    }

    static func editPath(_ id: UUID) -> String { "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())/edit" }

    static func edit(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(id, by: author)
        // A live test's edits go on in its draft.
        if stored.isLive, let draft = try await req.znoshka.authoring.draft(of: id) {
            return req.redirect(to: editPath(draft.id!))
        }
        return req.render(TestEditorView(author: author, stored: stored, test: test, form: FormState(values: detailValues(test)),
                                         problems: [], c: req.viewContext).page)
    }

    static func saveDetails(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let id = try ZnoshkaAPI.testID(req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        let details = details(form.values.merging(["subject": current.subject]) { $1 }, subjects: [current.subject])
        guard details.errors.isEmpty, var edited = details.test(questions: current.questions) else {
            return req.render(TestEditorView(author: author, stored: stored, test: current, form: FormState(values: form.values, errors: details.errors),
                                             problems: [], status: .unprocessableEntity, c: req.viewContext).page)
        }
        edited.questionTopics = current.questionTopics
        return try await save(req, id, edited, by: author, stored: stored, current: current, form: form)
    }

    static func move(_ req: Request) async throws -> Response {
        try await change(req) { entries, index in
            let target = FormState.submitted(by: req).values["direction"] == "up" ? index - 1 : index + 1
            guard entries.indices.contains(target) else { return }
            entries.swapAt(index, target)
        }
    }

    static func delete(_ req: Request) async throws -> Response {
        try await change(req) { entries, index in entries.remove(at: index) }
    }

    /// Applies a change to the questions of the test (each with its topic) and saves the new version.
    private static func change(_ req: Request, _ apply: (inout [(question: Question, topic: String?)], Int) -> Void) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        guard let index = questionIndex(req, in: current) else { throw questionNotFound }
        var edited = current
        apply(&edited.entries, index)
        return try await save(req, id, edited, by: author, stored: stored, current: current, form: FormState(values: detailValues(current)))
    }

    /// Saves `edited` as the test's new version; what the whole test breaks (an НМТ
    /// simulation's structure, no questions left) is shown on the editor, nothing saved.
    private static func save(_ req: Request, _ id: UUID, _ edited: AuthoredTest, by author: Student, stored: ZnoshkaTest, current: AuthoredTest,
                             form: FormState) async throws -> Response {
        do {
            let newID = try await req.znoshka.authoring.saveDraft(id, with: edited, by: author)
            return req.redirect(to: editPath(newID), flash: .success, "zn.editor.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(TestEditorView(author: author, stored: stored, test: current, form: form, problems: error.fieldErrors,
                                             status: error.status, c: req.viewContext).page)
        }
    }

    /// Publishes the draft: students see it from now on, and the editor opens the live version.
    static func publish(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let liveID = try await req.znoshka.authoring.publish(try ZnoshkaAPI.testID(req), by: author)
        return req.redirect(to: editPath(liveID), flash: .success, "zn.editor.published")
    }

    // MARK: Reading the forms

    /// The `:number` of the address (1-based) as an index into `test`'s questions.
    static func questionIndex(_ req: Request, in test: AuthoredTest) -> Int? {
        guard let number = req.parameters.get("number").flatMap({ Int($0) }), (1...test.questions.count).contains(number) else { return nil }
        return number - 1
    }

    static let questionNotFound = AppError.notFound(code: "question_not_found", key: "zn.editor.question_not_found")

    static func detailValues(_ test: AuthoredTest) -> [String: String] {
        ["kind": test.kind.rawValue, "topic": test.topic ?? "", "title": test.title, "minutes": String(test.minutes)]
    }

    /// A test's own fields as a form fills them: what is wrong, and the test once nothing is.
    struct Details {
        var subject: String?
        var kind: AuthoredTest.Kind?
        var topic: String?
        var title: String?
        var minutes: Int?
        var errors: [FieldError]

        func test(questions: [Question]) -> AuthoredTest? {
            guard errors.isEmpty, let subject, let kind, let title, let minutes else { return nil }
            return AuthoredTest(subject: subject, kind: kind, topic: kind == .topic ? topic : nil, title: title, minutes: minutes, questions: questions)
        }
    }

    /// `subjects`: the slugs of the subjects the test may be of.
    static func details(_ values: [String: String], subjects: [String]) -> Details {
        var v = Kernel.Validator()
        let subject = values["subject"].flatMap { subjects.contains($0) ? $0 : nil }
        if subject == nil { v.add("subject", "zn.import.subject") }
        let kind = AuthoredTest.Kind(rawValue: values["kind"] ?? "")
        if kind == nil { v.add("kind", "zn.validation.kind") }
        let topic = v.text("topic", values["topic"], required: kind == .topic, maxLength: 120)
        let title = v.text("title", values["title"], maxLength: 160)
        let minutes = Int(values["minutes"] ?? "").flatMap { (1...240).contains($0) ? $0 : nil }
        if minutes == nil { v.add("minutes", "zn.validation.minutes") }
        return Details(subject: subject, kind: kind, topic: topic, title: title, minutes: minutes, errors: v.errors)
    }
}
