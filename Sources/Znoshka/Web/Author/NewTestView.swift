import Foundation
import Kernel
import Vapor

/// A new test's form: its own fields and the first question (with its programme topic,
/// for a simulation or a mixed test), with that question's preview.
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
            Components.postForm(c, action: NewTestPage.path) {
                TestDetailsFields.render(form, subjects: subjects, l)
                H.h2 { l.text("zn.editor.first_question") }
                QuestionForm.fields(form, l)
                QuestionForm.topicInput(form, hint: "zn.qform.question_topic_new_hint", l)
                EditorButtons.previewAndSave(l)
            }
            if let preview { QuestionForm.preview(preview, number: 1, l) }
        }
    }
}
