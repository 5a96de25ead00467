import Foundation
import Kernel
import Vapor

/// A theory page's form, with its preview as students will see it and the way to remove it.
struct TheoryPageEditorView {
    let author: Student
    let theory: TheoryPage
    let topic: Topic
    let form: FormState
    /// The edited page's HTML as students will see it.
    let preview: String?
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: theory.title, section: .profile, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(TopicEditorPage.path(topic.id!))) { topic.title } }
            H.h1 { l.text("zn.editor.edit_page", ["title": theory.authorsTitle]) }
            if theory.isDraft { draftCard }
            Components.errorSummary(form, l)
            Components.postForm(c, action: TheoryPageEditorPage.path(theory.id!)) {
                FormField(name: "title", label: l.text("zn.author.page_title"), maxLength: 160).render(form, l)
                TextAreaField(name: "markdown", label: l.text("zn.author.markdown"), hint: l.text("zn.author.markdown_hint"), maxLength: 100_000).render(form, l)
                EditorButtons.previewAndSave(l)
            }
            if let preview {
                H.article(.class("card theory preview"), .aria("label", l.text("zn.author.preview"))) {
                    // Rendered by `TheoryMarkdown`: no raw HTML gets through.
                    ZnoshkaFormat.markdown(preview, label: l.text("zn.author.preview"))
                }
            }
            Components.postForm(c, action: TheoryPageEditorPage.path(theory.id!) + "/delete", confirm: l.text("zn.editor.delete_page_confirm")) {
                H.button(.type("submit"), .class("button")) { l.text("zn.editor.delete_page") }
            }
        }
    }

    /// What students see of the page now, and the buttons that publish the draft or drop it.
    private var draftCard: HTML {
        H.section(.class("card draft"), .aria("labelledby", "draft-title")) {
            H.h2(.id("draft-title")) { l.text("zn.editor.draft") }
            H.p { l.text(theory.isPublished ? "zn.editor.page_draft_of_live" : "zn.editor.page_draft_new") }
            H.div(.class("answer-actions")) {
                Components.postForm(c, action: TheoryPageEditorPage.path(theory.id!) + "/publish", classes: "inline-form") {
                    Components.primaryButton(l.text("zn.editor.publish_page"))
                }
                if theory.isPublished {
                    Components.postForm(c, action: TheoryPageEditorPage.path(theory.id!) + "/discard", confirm: l.text("zn.editor.discard_confirm"),
                                        classes: "inline-form") {
                        H.button(.type("submit"), .class("button")) { l.text("zn.editor.discard") }
                    }
                }
            }
        }
    }
}
