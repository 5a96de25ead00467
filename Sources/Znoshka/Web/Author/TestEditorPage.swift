import Foundation
import Kernel
import Vapor

/// The test editor for authors: a new test with its first question, then its details and
/// questions one at a time (edit, add, move, remove), each with a preview as students will
/// see it, and the whole test previewed. Every save is a new version of the test
/// (`AuthoringService.replace`), so the editor moves to the new version's address.
enum TestEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", "new", use: newTest)
        web.post("author", "tests", "new", use: createTest)
        web.get("author", "tests", ":testID", "edit", use: edit)
        web.post("author", "tests", ":testID", "details", use: saveDetails)
        web.get("author", "tests", ":testID", "preview", use: preview)
        web.get("author", "tests", ":testID", "questions", ":number", use: question)
        web.post("author", "tests", ":testID", "questions", ":number", use: saveQuestion)
        web.post("author", "tests", ":testID", "questions", ":number", "move", use: move)
        web.post("author", "tests", ":testID", "questions", ":number", "delete", use: delete)
    }

    static func editPath(_ id: UUID) -> String { "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())/edit" }
    static func questionPath(_ id: UUID, _ number: Int?) -> String {
        "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())/questions/\(number.map(String.init) ?? "new")"
    }

    // MARK: A new test

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
        let details = details(form.values, subjects: try await req.znoshka.catalog.subjects().map(\.slug))
        var errors = details.errors
        let question = QuestionForm.question(from: form.values)
        if case .invalid(let problems) = question { errors += problems }
        guard errors.isEmpty, case .valid(let first) = question, let test = details.test(questions: [first]) else {
            return try await renderNew(req, author: author, form: FormState(values: form.values, errors: errors), status: .unprocessableEntity)
        }
        if form.values["action"] == "preview" {
            return try await renderNew(req, author: author, form: form, preview: first)
        }
        do {
            let id = try await req.znoshka.authoring.create(test, by: author)
            return req.redirect(to: editPath(id), flash: .success, "zn.editor.created")
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

    // MARK: Editing a test

    static func edit(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        return req.render(TestEditorView(author: author, stored: stored, test: test, form: FormState(values: detailValues(test)),
                                         problems: [], c: req.viewContext).page)
    }

    static func saveDetails(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let form = FormState.submitted(by: req)
        let id = try ZnoshkaAPI.testID(req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        let details = details(form.values.merging(["subject": current.subject]) { $1 }, subjects: [current.subject])
        guard details.errors.isEmpty, let edited = details.test(questions: current.questions) else {
            return req.render(TestEditorView(author: author, stored: stored, test: current, form: FormState(values: form.values, errors: details.errors),
                                             problems: [], status: .unprocessableEntity, c: req.viewContext).page)
        }
        return try await save(req, id, edited, by: author, stored: stored, current: current, form: form)
    }

    static func move(_ req: Request) async throws -> Response {
        try await change(req) { questions, index in
            let target = FormState.submitted(by: req).values["direction"] == "up" ? index - 1 : index + 1
            guard questions.indices.contains(target) else { return }
            questions.swapAt(index, target)
        }
    }

    static func delete(_ req: Request) async throws -> Response {
        try await change(req) { questions, index in questions.remove(at: index) }
    }

    /// Applies a change to the questions of the test and saves the new version.
    private static func change(_ req: Request, _ apply: (inout [Question], Int) -> Void) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        guard let index = questionIndex(req, in: current) else { throw questionNotFound }
        var edited = current
        apply(&edited.questions, index)
        return try await save(req, id, edited, by: author, stored: stored, current: current, form: FormState(values: detailValues(current)))
    }

    /// Saves `edited` as the test's new version; what the whole test breaks (an НМТ
    /// simulation's structure, no questions left) is shown on the editor, nothing saved.
    private static func save(_ req: Request, _ id: UUID, _ edited: AuthoredTest, by author: Student, stored: ZnoshkaTest, current: AuthoredTest,
                             form: FormState) async throws -> Response {
        do {
            let newID = try await req.znoshka.authoring.replace(id, with: edited, by: author)
            return req.redirect(to: editPath(newID), flash: .success, "zn.editor.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(TestEditorView(author: author, stored: stored, test: current, form: form, problems: error.fieldErrors,
                                             status: error.status, c: req.viewContext).page)
        }
    }

    static func preview(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        return req.render(TestPreviewView(author: author, stored: stored, test: test, c: req.viewContext).page)
    }

    // MARK: One question

    static func question(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        let index = questionIndex(req, in: test)
        if req.parameters.get("number") != "new", index == nil { throw questionNotFound }
        let values = index.map { QuestionForm.values(test.questions[$0]) } ?? ["type": (try? req.query.get(String.self, at: "type")) ?? "single"]
        return req.render(QuestionEditorView(author: author, stored: stored, index: index, count: test.questions.count, form: FormState(values: values),
                                             preview: nil, problems: [], c: req.viewContext).page)
    }

    /// `action=preview` shows the question as students will see it; `save` writes the new version.
    static func saveQuestion(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let form = FormState.submitted(by: req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        let index = questionIndex(req, in: current)
        if req.parameters.get("number") != "new", index == nil { throw questionNotFound }
        func render(preview: Question? = nil, errors: [FieldError] = [], problems: [FieldError] = [], status: HTTPResponseStatus = .ok) -> Response {
            req.render(QuestionEditorView(author: author, stored: stored, index: index, count: current.questions.count,
                                          form: FormState(values: form.values, errors: errors), preview: preview, problems: problems, status: status,
                                          c: req.viewContext).page)
        }
        switch QuestionForm.question(from: form.values) {
        case .invalid(let errors):
            return render(errors: errors, status: .unprocessableEntity)
        case .valid(let question) where form.values["action"] == "preview":
            return render(preview: question)
        case .valid(let question):
            var edited = current
            if let index { edited.questions[index] = question } else { edited.questions.append(question) }
            do {
                let newID = try await req.znoshka.authoring.replace(id, with: edited, by: author)
                return req.redirect(to: editPath(newID), flash: .success, "zn.editor.saved")
            } catch let error as AppError where error.status == .unprocessableEntity {
                return render(problems: error.fieldErrors, status: error.status)
            }
        }
    }

    // MARK: Reading the forms

    /// The `:number` of the address (1-based) as an index into `test`'s questions.
    private static func questionIndex(_ req: Request, in test: AuthoredTest) -> Int? {
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

/// The test's own fields: kind, topic, title and time (and the subject for a new test).
enum TestDetailsFields {
    static func render(_ form: FormState, subjects: [Subject]?, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            subjects.map { subjects in
                SelectField(name: "subject", label: l.text("zn.author.subject"), options: subjects.map { ($0.slug, $0.name(in: l.language)) },
                            includeEmpty: false).render(form, l)
            } ?? .empty,
            SelectField(name: "kind", label: l.text("zn.author.kind"),
                        options: AuthoredTest.Kind.allCases.map { ($0.rawValue, l.text("zn.test.kind.\($0.rawValue)")) }, includeEmpty: false).render(form, l),
            FormField(name: "topic", label: l.text("zn.author.topic"), hint: l.text("zn.editor.topic_hint"), required: false, maxLength: 120).render(form, l),
            FormField(name: "title", label: l.text("zn.author.test_title"), maxLength: 160).render(form, l),
            FormField(name: "minutes", label: l.text("zn.author.minutes"), type: "number", inputMode: "numeric", maxLength: 3).render(form, l),
        ])
    }

    /// What saving or importing a whole test found wrong, each naming its place
    /// (`tests[0].questions[3].pairs[2]: …`), under `heading` (a catalog key).
    static func problems(_ problems: [FieldError], _ l: Localizer, heading: String = "zn.editor.not_saved") -> HTML {
        guard !problems.isEmpty else { return .empty }
        return H.div(.class("flash flash-error"), .role("alert")) {
            H.p { l.text(heading) }
            H.ul { HTMLBuilder.join(problems.map { problem in H.li { H.element("code", [], content: HTML(text: problem.arguments["problem"] ?? problem.field)) } }) }
        }
    }
}

struct NewTestView {
    let author: Student
    let subjects: [Subject]
    let form: FormState
    let preview: Question?
    let problems: [FieldError]
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.editor.new_title"), section: .profile, status: status, scripts: ["znoshka-editor.js"], c) {
            H.p(.class("breadcrumb")) { H.a(.href(AuthorPage.path)) { l.text("zn.author.title") } }
            H.h1 { l.text("zn.editor.new_title") }
            H.p { l.text("zn.editor.new_explain") }
            Components.errorSummary(form, l)
            TestDetailsFields.problems(problems, l)
            Components.postForm(c, action: "\(AuthorPage.path)/tests/new") {
                TestDetailsFields.render(form, subjects: subjects, l)
                H.h2 { l.text("zn.editor.first_question") }
                QuestionForm.fields(form, l)
                EditorButtons.previewAndSave(l)
            }
            if let preview { QuestionForm.preview(preview, number: 1, l) }
        }
    }
}

enum EditorButtons {
    static func previewAndSave(_ l: Localizer) -> HTML {
        H.div(.class("answer-actions")) {
            H.button(.type("submit"), .name("action"), .value("preview"), .class("button")) { l.text("zn.author.preview") }
            H.button(.type("submit"), .name("action"), .value("save"), .class("button button-primary")) { l.text("zn.editor.save") }
        }
    }
}

struct TestEditorView {
    let author: Student
    let stored: ZnoshkaTest
    let test: AuthoredTest
    let form: FormState
    let problems: [FieldError]
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var id: UUID { stored.id! }
    private var base: String { "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())" }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.editor.title", ["title": test.title]), section: .profile, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AuthorPage.path)) { l.text("zn.author.title") } }
            H.h1 { l.text("zn.editor.title", ["title": test.title]) }
            if let newer = stored.replacedBy {
                H.p(.class("flash flash-error"), .role("alert")) {
                    l.text("zn.editor.old_version") + " "
                    H.a(.href(TestEditorPage.editPath(newer))) { l.text("zn.editor.open_newer") }
                }
            }
            H.p { l.text("zn.editor.versions") }
            H.p(.class("answer-actions")) {
                H.a(.class("button"), .href("\(base)/preview")) { l.text("zn.editor.preview_test") }
                H.a(.class("button"), .href(ZnoshkaWeb.testPath(id))) { l.text("zn.editor.student_page") }
            }
            TestDetailsFields.problems(problems, l)
            H.section(.class("card"), .aria("labelledby", "details-title")) {
                H.h2(.id("details-title")) { l.text("zn.editor.details") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(base)/details") {
                    TestDetailsFields.render(form, subjects: nil, l)
                    Components.primaryButton(l.text("zn.editor.save"))
                }
            }
            H.section(.class("card"), .aria("labelledby", "questions-title")) {
                H.h2(.id("questions-title")) { l.plural("zn.test.questions", count: test.questions.count) }
                H.ol(.class("editor-questions")) { HTMLBuilder.join(test.questions.enumerated().map { row($0.offset + 1, $0.element) }) }
                H.form(Attribute("method", "get"), Attribute("action", TestEditorPage.questionPath(id, nil))) {
                    SelectField(name: "type", label: l.text("zn.editor.new_question_type"),
                                options: QuestionForm.types.map { ($0, l.text("zn.qform.type.\($0)")) }, includeEmpty: false).render(FormState(), l)
                    Components.primaryButton(l.text("zn.editor.add_question"))
                }
            }
        }
    }

    private func row(_ number: Int, _ question: Question) -> HTML {
        let summary = Self.summary(question.text)
        return H.li(.class("editor-question")) {
            H.p {
                H.strong { l.text("zn.qform.type.\(TestFile.item(question)["type"] as? String ?? "single")") }
                " · " + summary
            }
            H.div(.class("answer-actions")) {
                H.a(.class("button"), .href(TestEditorPage.questionPath(id, number)),
                    .aria("label", l.text("zn.editor.edit_named", ["number": String(number)]))) { l.text("zn.editor.edit") }
                if number > 1 { moveButton(number, "up") }
                if number < test.questions.count { moveButton(number, "down") }
                Components.postForm(c, action: "\(TestEditorPage.questionPath(id, number))/delete", confirm: l.text("zn.editor.delete_confirm"),
                                    classes: "inline-form") {
                    H.button(.type("submit"), .class("button"), .aria("label", l.text("zn.editor.delete_named", ["number": String(number)]))) {
                        l.text("zn.editor.delete")
                    }
                }
            }
        }
    }

    /// The start of a question's text on one line, without Markdown's marks.
    static func summary(_ markdown: String) -> String {
        let text = markdown.split(whereSeparator: \.isNewline).joined(separator: " ").filter { !"*_#`|$\\".contains($0) }
        return text.count > 90 ? text.prefix(90) + "…" : text
    }

    private func moveButton(_ number: Int, _ direction: String) -> HTML {
        Components.postForm(c, action: "\(TestEditorPage.questionPath(id, number))/move", classes: "inline-form") {
            H.input(.type("hidden"), .name("direction"), .value(direction))
            H.button(.type("submit"), .class("button"), .aria("label", l.text("zn.editor.move_\(direction)_named", ["number": String(number)]))) {
                l.text("zn.editor.move_\(direction)")
            }
        }
    }
}

struct QuestionEditorView {
    let author: Student
    let stored: ZnoshkaTest
    /// The question edited, or nil for a new one at the end.
    let index: Int?
    let count: Int
    let form: FormState
    let preview: Question?
    let problems: [FieldError]
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var number: Int { (index ?? count) + 1 }

    var page: Page {
        let title = index == nil ? l.text("zn.editor.new_question") : l.text("zn.taking.question_number", ["number": String(number)])
        return ZnoshkaWeb.shell(author, title: title, section: .profile, status: status, scripts: ["znoshka-editor.js"], c) {
            H.p(.class("breadcrumb")) { H.a(.href(TestEditorPage.editPath(stored.id!))) { stored.title } }
            H.h1 { title }
            Components.errorSummary(form, l)
            TestDetailsFields.problems(problems, l)
            Components.postForm(c, action: TestEditorPage.questionPath(stored.id!, index.map { $0 + 1 })) {
                QuestionForm.fields(form, l)
                EditorButtons.previewAndSave(l)
            }
            if let preview { QuestionForm.preview(preview, number: number, l) }
        }
    }
}

struct TestPreviewView {
    let author: Student
    let stored: ZnoshkaTest
    let test: AuthoredTest
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.editor.preview_title", ["title": test.title]), section: .profile, c) {
            H.p(.class("breadcrumb")) { H.a(.href(TestEditorPage.editPath(stored.id!))) { test.title } }
            H.h1 { l.text("zn.editor.preview_title", ["title": test.title]) }
            H.ul(.class("facts")) {
                H.li { l.text("zn.test.kind.\(test.kind.rawValue)") }
                H.li { l.plural("zn.test.minutes", count: test.minutes) }
                H.li { l.text("zn.test.max_points", ["max": String(stored.maxRaw)]) }
                H.li { l.text("zn.test.threshold", ["threshold": String(stored.threshold)]) }
            }
            HTMLBuilder.join(test.questions.enumerated().map { QuestionForm.preview($0.element, number: $0.offset + 1, l) })
        }
    }
}
