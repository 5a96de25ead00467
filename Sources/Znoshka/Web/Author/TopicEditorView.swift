import Foundation
import Kernel
import Vapor

/// A topic for its authors: the rename form and its theory pages to edit.
struct TopicEditorView {
    let author: Student
    let topic: Topic
    let subject: Subject
    let pages: [TheoryPage]
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: topic.title, section: .profile, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AuthorPage.path)) { l.text("zn.author.title") } }
            H.h1 { topic.title }
            H.p { subject.name(in: l.language) + " · "; H.a(.href(ZnoshkaWeb.topicPath(topic.id!))) { l.text("zn.editor.student_page") } }
            H.section(.class("card"), .aria("labelledby", "rename-title")) {
                H.h2(.id("rename-title")) { l.text("zn.editor.rename_topic") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: TopicEditorPage.path(topic.id!)) {
                    FormField(name: "title", label: l.text("zn.author.topic"), maxLength: 120).render(form, l)
                    Components.primaryButton(l.text("zn.editor.save"))
                }
            }
            H.section(.class("card"), .aria("labelledby", "pages-title")) {
                H.h2(.id("pages-title")) { l.text("zn.editor.pages") }
                if pages.isEmpty { H.p { l.text("zn.editor.no_pages") } }
                H.ul(.class("plain-list")) {
                    HTMLBuilder.join(pages.map { page in
                        H.li {
                            H.a(.href(TheoryPageEditorPage.path(page.id!)), .aria("label", l.text("zn.editor.edit_page_named", ["title": page.title]))) { page.title }
                            if page.isDraft {
                                " "
                                H.span(.class("badge")) { l.text(page.isPublished ? "zn.author.has_draft_badge" : "zn.author.draft_badge") }
                            }
                        }
                    })
                }
                H.p { H.a(.href(AuthorPage.path + "#theory-form-title")) { l.text("zn.editor.new_page") } }
            }
        }
    }
}
