import Foundation
import Kernel
import Vapor

/// `GET /znoshka/subjects/<slug>`: the subject's theory by topic, and its tests in two
/// groups, not yet done and done (with the last score). Open to visitors, who see the
/// tests in one list, and a sample to try.
enum SubjectPage {
    static func register(on web: any RoutesBuilder) {
        web.get("subjects", ":slug", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.visitorOrStudent()
        let overview = try await req.znoshka.catalog.subject(slug: req.parameters.get("slug") ?? "", for: student)
        return req.render(SubjectView(student: student, overview: overview, c: req.viewContext).page)
    }
}
