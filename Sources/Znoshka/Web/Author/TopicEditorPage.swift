import Foundation
import Kernel
import Vapor

/// Authors' topic page: rename the topic, and its theory pages to edit
/// (`TheoryPageEditorPage`).
enum TopicEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "topics", ":topicID", use: topic)
        web.post("author", "topics", ":topicID", use: renameTopic)
    }

    static func path(_ id: UUID) -> String { "\(AuthorPage.path)/topics/\(id.uuidString.lowercased())" }

    static func topic(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (topic, subject, pages, _) = try await req.znoshka.catalog.topic(try ZnoshkaAPI.topicID(req), unpublished: true)
        return req.render(TopicEditorView(author: author, topic: topic, subject: subject, pages: pages,
                                          form: FormState(values: ["title": topic.title]), c: req.viewContext).page)
    }

    static func renameTopic(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.topicID(req)
        let form = FormState.submitted(by: req)
        do {
            try await req.znoshka.authoring.renameTopic(id, title: form.values["title"], by: author)
            return req.redirect(to: path(id), flash: .success, "zn.editor.topic_renamed")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let (topic, subject, pages, _) = try await req.znoshka.catalog.topic(id, unpublished: true)
            return req.render(TopicEditorView(author: author, topic: topic, subject: subject, pages: pages,
                                              form: FormState(values: form.values, errors: error.fieldErrors), status: error.status, c: req.viewContext).page)
        }
    }
}
