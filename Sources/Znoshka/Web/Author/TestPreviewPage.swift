import Foundation
import Kernel
import Vapor

/// The whole test previewed for its authors, every question as students will see it.
enum TestPreviewPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", ":testID", "preview", use: preview)
    }

    static func preview(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        return req.render(TestPreviewView(author: author, stored: stored, test: test, c: req.viewContext).page)
    }
}
