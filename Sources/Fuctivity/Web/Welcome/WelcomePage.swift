import Foundation
import Kernel
import Vapor

/// `GET /fuctivity/`: the welcome page; signed-in people go straight to their week.
enum WelcomePage {
    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
    }

    static func welcome(_ req: Request) async throws -> Response {
        if try await req.currentAccount(in: Fuctivity.descriptor) != nil { return req.redirect(to: "\(FuctivityWeb.prefix)/week") }
        return req.render(WelcomeView(c: req.viewContext).page)
    }
}
