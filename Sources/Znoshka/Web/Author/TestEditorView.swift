import Foundation
import Kernel
import Vapor

/// The test editor: the test's own fields, its questions with edit, move and delete, and
/// a new question of a chosen type; a draft offers its preview and publishing; an old
/// version links to the newer one.
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
            if stored.isDraft && stored.replacedBy == nil {
                draftCard
            } else {
                H.p { l.text("zn.editor.versions") }
                H.p(.class("answer-actions")) {
                    H.a(.class("button"), .href("\(base)/preview")) { l.text("zn.editor.preview_test") }
                    // Only the live version has a page for students; an older one's is gone (404).
                    if stored.isLive { H.a(.class("button"), .href(ZnoshkaWeb.testPath(id))) { l.text("zn.editor.student_page") } }
                }
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
                H.form(Attribute("method", "get"), Attribute("action", QuestionEditorPage.questionPath(id, nil))) {
                    SelectField(name: "type", label: l.text("zn.editor.new_question_type"),
                                options: QuestionForm.types.map { ($0, l.text("zn.qform.type.\($0)")) }, includeEmpty: false).render(FormState(), l)
                    Components.primaryButton(l.text("zn.editor.add_question"))
                }
            }
        }
    }

    /// What a draft is, its preview, and the one button that shows it to students.
    private var draftCard: HTML {
        H.section(.class("card draft"), .aria("labelledby", "draft-title")) {
            H.h2(.id("draft-title")) { l.text("zn.editor.draft") }
            H.p { l.text(stored.draftOf == nil ? "zn.editor.draft_new" : "zn.editor.draft_of_live") }
            H.div(.class("answer-actions")) {
                H.a(.class("button"), .href("\(base)/preview")) { l.text("zn.editor.preview_test") }
                Components.postForm(c, action: "\(base)/publish", confirm: l.text("zn.editor.publish_confirm"), classes: "inline-form") {
                    Components.primaryButton(l.text("zn.editor.publish"))
                }
            }
        }
    }

    private func row(_ number: Int, _ question: Question) -> HTML {
        let summary = Self.summary(question.text)
        return H.li(.class("editor-question")) {
            H.p {
                H.strong { l.text("zn.qform.type.\(TestFile.item(question)["type"] as? String ?? "single")") }
                if question.isTemplate { " · " + l.text("zn.editor.template") }
                " · " + summary
            }
            H.div(.class("answer-actions")) {
                H.a(.class("button"), .href(QuestionEditorPage.questionPath(id, number)),
                    .aria("label", l.text("zn.editor.edit_named", ["number": String(number)]))) { l.text("zn.editor.edit") }
                if number > 1 { moveButton(number, "up") }
                if number < test.questions.count { moveButton(number, "down") }
                Components.postForm(c, action: "\(QuestionEditorPage.questionPath(id, number))/delete", confirm: l.text("zn.editor.delete_confirm"),
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
        Components.postForm(c, action: "\(QuestionEditorPage.questionPath(id, number))/move", classes: "inline-form") {
            H.input(.type("hidden"), .name("direction"), .value(direction))
            H.button(.type("submit"), .class("button"), .aria("label", l.text("zn.editor.move_\(direction)_named", ["number": String(number)]))) {
                l.text("zn.editor.move_\(direction)")
            }
        }
    }
}
