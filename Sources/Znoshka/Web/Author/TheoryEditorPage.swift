import Foundation
import Kernel
import Vapor

/// Authors' topic and theory pages: rename a topic, and edit (with a preview as students
/// will see it) or remove each of its theory pages.
enum TheoryEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "topics", ":topicID", use: topic)
        web.post("author", "topics", ":topicID", use: renameTopic)
        web.get("author", "theory", ":pageID", use: page)
        web.post("author", "theory", ":pageID", use: savePage)
        web.post("author", "theory", ":pageID", "delete", use: deletePage)
    }

    static func topicPath(_ id: UUID) -> String { "\(AuthorPage.path)/topics/\(id.uuidString.lowercased())" }
    static func pagePath(_ id: UUID) -> String { "\(AuthorPage.path)/theory/\(id.uuidString.lowercased())" }

    static func topicID(_ req: Request) throws -> UUID {
        try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
    }

    static func pageID(_ req: Request) throws -> UUID {
        try req.uuidParameter("pageID", notFound: "page_not_found", key: "zn.theory.not_found")
    }

    static func topic(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (topic, subject, pages, _) = try await req.znoshka.catalog.topic(try topicID(req))
        return req.render(TopicEditorView(author: author, topic: topic, subject: subject, pages: pages,
                                          form: FormState(values: ["title": topic.title]), c: req.viewContext).page)
    }

    static func renameTopic(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try topicID(req)
        let form = FormState.submitted(by: req)
        do {
            try await req.znoshka.authoring.renameTopic(id, title: form.values["title"], by: author)
            return req.redirect(to: topicPath(id), flash: .success, "zn.editor.topic_renamed")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let (topic, subject, pages, _) = try await req.znoshka.catalog.topic(id)
            return req.render(TopicEditorView(author: author, topic: topic, subject: subject, pages: pages,
                                              form: FormState(values: form.values, errors: error.fieldErrors), status: error.status, c: req.viewContext).page)
        }
    }

    static func page(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (page, topic) = try await req.znoshka.authoring.theoryPage(try pageID(req), by: author)
        return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic,
                                               form: FormState(values: ["title": page.title, "markdown": page.markdown]), preview: nil, c: req.viewContext).page)
    }

    /// `action=preview` shows the page as students will see it; `save` rewrites it.
    static func savePage(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try pageID(req)
        let form = FormState.submitted(by: req)
        let (page, topic) = try await req.znoshka.authoring.theoryPage(id, by: author)
        if form.values["action"] == "preview" {
            return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic, form: form,
                                                   preview: TheoryMarkdown.render(form.values["markdown"] ?? "").html, c: req.viewContext).page)
        }
        do {
            try await req.znoshka.authoring.updateTheory(id, title: form.values["title"], markdown: form.values["markdown"], by: author)
            return req.redirect(to: ZnoshkaWeb.topicPath(topic.id!), flash: .success, "zn.editor.page_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic, form: FormState(values: form.values, errors: error.fieldErrors),
                                                   preview: nil, status: error.status, c: req.viewContext).page)
        }
    }

    static func deletePage(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try pageID(req)
        let topic = try await req.znoshka.authoring.theoryPage(id, by: author).topic
        try await req.znoshka.authoring.deleteTheory(id, by: author)
        return req.redirect(to: topicPath(topic.id!), flash: .success, "zn.editor.page_deleted")
    }
}

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
                Components.postForm(c, action: TheoryEditorPage.topicPath(topic.id!)) {
                    FormField(name: "title", label: l.text("zn.author.topic"), maxLength: 120).render(form, l)
                    Components.primaryButton(l.text("zn.editor.save"))
                }
            }
            H.section(.class("card"), .aria("labelledby", "pages-title")) {
                H.h2(.id("pages-title")) { l.text("zn.editor.pages") }
                if pages.isEmpty { H.p { l.text("zn.editor.no_pages") } }
                H.ul(.class("plain-list")) {
                    HTMLBuilder.join(pages.map { page in
                        H.li { H.a(.href(TheoryEditorPage.pagePath(page.id!)), .aria("label", l.text("zn.editor.edit_page_named", ["title": page.title]))) { page.title } }
                    })
                }
                H.p { H.a(.href(AuthorPage.path + "#theory-form-title")) { l.text("zn.editor.new_page") } }
            }
        }
    }
}

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
            H.p(.class("breadcrumb")) { H.a(.href(TheoryEditorPage.topicPath(topic.id!))) { topic.title } }
            H.h1 { l.text("zn.editor.edit_page", ["title": theory.title]) }
            Components.errorSummary(form, l)
            Components.postForm(c, action: TheoryEditorPage.pagePath(theory.id!)) {
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
            Components.postForm(c, action: TheoryEditorPage.pagePath(theory.id!) + "/delete", confirm: l.text("zn.editor.delete_page_confirm")) {
                H.button(.type("submit"), .class("button")) { l.text("zn.editor.delete_page") }
            }
        }
    }
}
