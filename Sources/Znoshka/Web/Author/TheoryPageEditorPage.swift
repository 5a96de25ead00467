import Foundation
import Kernel
import Vapor

/// Authors' theory page: edit it (with a preview as students will see it) or remove it.
/// Edits are saved as the page's draft, which students see once an author publishes it.
enum TheoryPageEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "theory", ":pageID", use: page)
        web.post("author", "theory", ":pageID", use: savePage)
        web.post("author", "theory", ":pageID", "publish", use: publish)
        web.post("author", "theory", ":pageID", "discard", use: discard)
        web.post("author", "theory", ":pageID", "delete", use: deletePage)
    }

    static func path(_ id: UUID) -> String { "\(AuthorPage.path)/theory/\(id.uuidString.lowercased())" }

    static func page(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (page, topic) = try await req.znoshka.authoring.theoryPage(try ZnoshkaAPI.pageID(req), by: author)
        return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic,
                                               form: FormState(values: ["title": page.authorsTitle, "markdown": page.authorsMarkdown]), preview: nil,
                                               c: req.viewContext).page)
    }

    /// `action=preview` shows the page as students will see it; `save` keeps it as the draft.
    static func savePage(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.pageID(req)
        let form = FormState.submitted(by: req)
        let (page, topic) = try await req.znoshka.authoring.theoryPage(id, by: author)
        if form.values["action"] == "preview" {
            return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic, form: form,
                                                   preview: TheoryMarkdown.render(form.values["markdown"] ?? "").html, c: req.viewContext).page)
        }
        do {
            try await req.znoshka.authoring.saveTheoryDraft(id, title: form.values["title"], markdown: form.values["markdown"], by: author)
            return req.redirect(to: path(id), flash: .success, "zn.editor.page_saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            return req.render(TheoryPageEditorView(author: author, theory: page, topic: topic, form: FormState(values: form.values, errors: error.fieldErrors),
                                                   preview: nil, status: error.status, c: req.viewContext).page)
        }
    }

    static func publish(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.pageID(req)
        let topic = try await req.znoshka.authoring.theoryPage(id, by: author).topic
        try await req.znoshka.authoring.publishTheory(id, by: author)
        return req.redirect(to: ZnoshkaWeb.topicPath(topic.id!), flash: .success, "zn.editor.page_published")
    }

    static func discard(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.pageID(req)
        try await req.znoshka.authoring.discardTheoryDraft(id, by: author)
        return req.redirect(to: path(id), flash: .success, "zn.editor.page_discarded")
    }

    static func deletePage(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.pageID(req)
        let topic = try await req.znoshka.authoring.theoryPage(id, by: author).topic
        try await req.znoshka.authoring.deleteTheory(id, by: author)
        return req.redirect(to: TopicEditorPage.path(topic.id!), flash: .success, "zn.editor.page_deleted")
    }
}
