import Foundation
import Kernel
import Vapor

/// `GET /znoshka/`: what Znoshka is, the subjects open to read and try, and the ways in;
/// signed-in people go to their subjects.
enum WelcomePage {
    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
    }

    static func welcome(_ req: Request) async throws -> Response {
        if try await req.currentAccount(in: Znoshka.descriptor) != nil { return req.redirect(to: "\(ZnoshkaWeb.prefix)/subjects") }
        return req.render(WelcomeView(subjects: try await req.znoshka.catalog.subjects(), c: req.viewContext).page)
    }
}
