import Foundation
import Kernel
import Vapor

/// `GET /movejoin/`: the welcome page; signed-in people go straight to their events.
enum WelcomePage {
    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
    }

    static func welcome(_ req: Request) async throws -> Response {
        if try await req.optionalMover() != nil { return req.redirect(to: "\(MoveJoinWeb.prefix)/events") }
        return req.render(WelcomeView(c: req.viewContext).page)
    }
}
