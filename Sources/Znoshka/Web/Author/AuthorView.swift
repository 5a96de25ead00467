import Foundation
import Kernel
import Vapor

/// The authors' page: content to edit, import of a test file or a Moodle bank, a new
/// theory page with its preview, subjects, and (for administrators) the author role.
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
                    H.ul(.class("plain-list")) { HTMLBuilder.join(Self.listed(tests).map(testRow)) }
                    H.p { l.text("zn.author.topics") }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(topics.filter { $0.subjectID == subject.id }.map { topic in
                            H.li { H.a(.href(TopicEditorPage.path(topic.id!))) { topic.title } }
                        })
                    }
                }
            })
        }
    }

    /// One row per test: a live test (whose editor opens its draft, if it has one) or a
    /// new test's draft; `hasDraft` marks the live tests being edited.
    static func listed(_ tests: [ZnoshkaTest]) -> [(test: ZnoshkaTest, hasDraft: Bool)] {
        let edited = Set(tests.compactMap(\.draftOf))
        return tests.filter { $0.draftOf == nil }.map { ($0, edited.contains($0.id!)) }
    }

    private func testRow(_ test: ZnoshkaTest, hasDraft: Bool) -> HTML {
        let base = "\(path)/tests/\(test.id!.uuidString.lowercased())"
        return H.li {
            H.a(.href(TestEditorPage.editPath(test.id!)), .aria("label", l.text("zn.author.edit_named", ["title": test.title]))) { test.title }
            if test.isDraft || hasDraft {
                " "
                H.span(.class("badge")) { l.text(test.isDraft ? "zn.author.draft_badge" : "zn.author.has_draft_badge") }
            }
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
                            options: [("author", l.text("zn.author.role_author")), ("moderator", l.text("zn.author.role_moderator")),
                                      ("student", l.text("zn.author.role_student"))], includeEmpty: false)
                    .render(FormState(), l)
                Components.primaryButton(l.text("zn.author.role_submit"))
            }
        }
    }
}
