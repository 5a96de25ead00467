import Foundation
import Kernel
import Vapor

/// Authors' page (`/znoshka/author`, authors and administrators only): every test and
/// topic with the way to edit it (`TestEditorPage`, `TheoryEditorPage`), a new test,
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
        TestEditorPage.register(on: web)
        TheoryEditorPage.register(on: web)
        SubjectEditorPage.register(on: web)
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
            _ = try await req.znoshka.authoring.addTheory(subject: state.values["subject"], topic: state.values["topic"], title: state.values["title"],
                                                         markdown: state.values["markdown"], by: author)
            return req.redirect(to: path, flash: .success, "zn.author.theory_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await render(req, author: author, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    static func setRole(_ req: Request) async throws -> Response {
        let admin = try await author(req)
        let state = FormState.submitted(by: req)
        do {
            let account = try await req.znoshka.students.setAuthor(email: state.values["email"], state.values["role"] != "student", by: admin)
            return req.redirect(to: path, flash: .success, account.role == Student.authorRole ? "zn.author.role_given" : "zn.author.role_taken")
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

struct AuthorView {
    let author: Student
    let tests: [(Subject, [ZnoshkaTest])]
    let topics: [Topic]
    let form: FormState
    /// The new-subject form.
    let subjectForm: FormState
    /// What an import found wrong, each naming its place in the file.
    let problems: [FieldError]
    /// A theory page's HTML, as students will see it.
    let preview: String?
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var path: String { AuthorPage.path }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.author.title"), section: .profile, status: status, c) {
            H.h1 { l.text("zn.author.title") }
            H.p { H.a(.class("button button-primary"), .href("\(path)/tests/new")) { l.text("zn.editor.new_title") } }
            content
            H.section(.class("card"), .aria("labelledby", "import-title")) {
                H.h2(.id("import-title")) { l.text("zn.author.import") }
                H.p { l.text("zn.author.import_explain") }
                TestDetailsFields.problems(problems, l, heading: "zn.import.invalid")
                Components.postForm(c, action: "\(path)/import") {
                    TextAreaField(name: "file", label: l.text("zn.author.file"), maxLength: 2_000_000).render(form, l)
                    Components.primaryButton(l.text("zn.author.import_submit"))
                }
            }
            H.section(.class("card"), .aria("labelledby", "moodle-title")) {
                H.h2(.id("moodle-title")) { l.text("zn.author.moodle") }
                H.p { l.text("zn.author.moodle_explain") }
                Components.postForm(c, action: "\(path)/moodle") {
                    SelectField(name: AuthorPage.moodleField("subject"), label: l.text("zn.author.subject"),
                                options: tests.map { ($0.0.slug, $0.0.name(in: l.language)) }, includeEmpty: false).render(form, l)
                    SelectField(name: AuthorPage.moodleField("kind"), label: l.text("zn.author.kind"),
                                options: [("topic", l.text("zn.test.kind.topic")), ("mixed", l.text("zn.test.kind.mixed"))], includeEmpty: false).render(form, l)
                    FormField(name: AuthorPage.moodleField("topic"), label: l.text("zn.author.topic"), required: false, maxLength: 120).render(form, l)
                    FormField(name: AuthorPage.moodleField("title"), label: l.text("zn.author.test_title"), maxLength: 160).render(form, l)
                    FormField(name: AuthorPage.moodleField("minutes"), label: l.text("zn.author.minutes"), type: "number", inputMode: "numeric", maxLength: 3).render(form, l)
                    TextAreaField(name: "moodle", label: l.text("zn.author.moodle_file"), maxLength: 2_000_000).render(form, l)
                    Components.primaryButton(l.text("zn.author.import_submit"))
                }
            }
            theory
            subjects
            if author.isAdmin { roles }
        }
    }

    /// Each subject's tests and topics, with the links to edit, preview, export and see how each question works.
    private var content: HTML {
        H.section(.class("card"), .aria("labelledby", "content-title")) {
            H.h2(.id("content-title")) { l.text("zn.author.content") }
            HTMLBuilder.join(tests.map { subject, tests in
                H.div {
                    H.h3 { subject.name(in: l.language) }
                    H.ul(.class("plain-list")) { HTMLBuilder.join(tests.map(testRow)) }
                    H.p { l.text("zn.author.topics") }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(topics.filter { $0.subjectID == subject.id }.map { topic in
                            H.li { H.a(.href(TheoryEditorPage.topicPath(topic.id!))) { topic.title } }
                        })
                    }
                }
            })
        }
    }

    private func testRow(_ test: ZnoshkaTest) -> HTML {
        let base = "\(path)/tests/\(test.id!.uuidString.lowercased())"
        return H.li {
            H.a(.href(TestEditorPage.editPath(test.id!)), .aria("label", l.text("zn.author.edit_named", ["title": test.title]))) { test.title }
            " · "
            H.a(.href("\(base)/preview"), .aria("label", l.text("zn.author.preview_named", ["title": test.title]))) { l.text("zn.author.preview_link") }
            " · "
            H.a(.href("\(base)/export"), .aria("label", l.text("zn.author.export_named", ["title": test.title]))) { l.text("zn.author.export_link") }
            " · "
            H.a(.href("\(base)/statistics"), .aria("label", l.text("zn.author.statistics_named", ["title": test.title]))) {
                l.text("zn.author.statistics_link")
            }
        }
    }

    private var theory: HTML {
        H.section(.class("card"), .aria("labelledby", "theory-form-title")) {
            H.h2(.id("theory-form-title")) { l.text("zn.author.theory") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: "\(path)/theory") {
                SelectField(name: "subject", label: l.text("zn.author.subject"),
                            options: tests.map { ($0.0.slug, $0.0.name(in: l.language)) }, includeEmpty: false).render(form, l)
                FormField(name: "topic", label: l.text("zn.author.topic"), maxLength: 120).render(form, l)
                FormField(name: "title", label: l.text("zn.author.page_title"), maxLength: 160).render(form, l)
                TextAreaField(name: "markdown", label: l.text("zn.author.markdown"), hint: l.text("zn.author.markdown_hint"), maxLength: 100_000).render(form, l)
                H.div(.class("answer-actions")) {
                    H.button(.type("submit"), .name("action"), .value("preview"), .class("button")) { l.text("zn.author.preview") }
                    H.button(.type("submit"), .name("action"), .value("save"), .class("button button-primary")) { l.text("zn.author.save") }
                }
            }
            if let preview {
                H.article(.class("card theory preview"), .aria("label", l.text("zn.author.preview"))) {
                    // Rendered by `TheoryMarkdown`: no raw HTML gets through.
                    ZnoshkaFormat.markdown(preview, label: l.text("zn.author.preview"))
                }
            }
        }
    }

    /// Each subject with its editor, and a new (chosen) subject.
    private var subjects: HTML {
        H.section(.class("card"), .aria("labelledby", "subjects-title")) {
            H.h2(.id("subjects-title")) { l.text("zn.author.subjects") }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(tests.map { subject, _ in
                    H.li {
                        H.a(.href(SubjectEditorPage.path(subject.slug)), .aria("label", l.text("zn.author.subject_edit_named", ["name": subject.name(in: l.language)]))) {
                            subject.name(in: l.language)
                        }
                    }
                })
            }
            H.h3 { l.text("zn.author.subject_new") }
            H.p { l.text("zn.author.subject_new_explain") }
            Components.errorSummary(subjectForm, l)
            Components.postForm(c, action: "\(path)/subjects") {
                FormField(name: "slug", label: l.text("zn.author.subject_slug"), hint: l.text("zn.author.subject_slug_hint"), maxLength: 40).render(subjectForm, l)
                SubjectNameFields.render(subjectForm, l)
                Components.primaryButton(l.text("zn.author.subject_create"))
            }
        }
    }

    private var roles: HTML {
        H.section(.class("card"), .aria("labelledby", "roles-title")) {
            H.h2(.id("roles-title")) { l.text("zn.author.roles") }
            Components.postForm(c, action: "\(path)/roles") {
                FormField(name: "email", label: l.text("zn.field.email"), type: "email", maxLength: Kernel.Validator.emailMaxLength).render(FormState(), l)
                SelectField(name: "role", label: l.text("zn.author.role"),
                            options: [("author", l.text("zn.author.role_author")), ("student", l.text("zn.author.role_student"))], includeEmpty: false)
                    .render(FormState(), l)
                Components.primaryButton(l.text("zn.author.role_submit"))
            }
        }
    }
}
