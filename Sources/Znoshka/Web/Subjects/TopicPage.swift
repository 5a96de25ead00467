import Foundation
import Kernel
import Vapor

/// `GET /znoshka/topics/<id>`: the topic's theory (Markdown rendered on the server, with
/// formulas as MathML) and its tests. Open to visitors.
enum TopicPage {
    static func register(on web: any RoutesBuilder) {
        web.get("topics", ":topicID", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.visitorOrStudent()
        let id = try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
        let (topic, subject, pages, tests) = try await req.znoshka.catalog.topic(id)
        let overviews = try await req.znoshka.catalog.overviews(tests, for: student)
        return req.render(TopicView(student: student, topic: topic, subject: subject, pages: pages, tests: overviews, c: req.viewContext).page)
    }
}
