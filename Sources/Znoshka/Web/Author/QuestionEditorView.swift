import Foundation
import Kernel
import Vapor

/// One question's form, with its preview and what saving the whole test found wrong.
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
            Components.postForm(c, action: QuestionEditorPage.questionPath(stored.id!, index.map { $0 + 1 })) {
                QuestionForm.fields(form, l)
                if stored.testKind != .topic { QuestionForm.topicInput(form, l) }
                EditorButtons.previewAndSave(l)
            }
            if let preview { QuestionForm.preview(preview, number: number, l) }
        }
    }
}
