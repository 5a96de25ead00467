import Foundation
import Kernel
import Vapor

/// `GET /shelter/`: what the app is and the ways in; signed-in staff go to the dashboard.
enum WelcomePage {
    static func register(on web: any RoutesBuilder) {
        web.get(use: welcome)
    }

    static func welcome(_ req: Request) async throws -> Response {
        if try await req.currentAccount(in: SmartShelter.descriptor) != nil { return req.redirect(to: "\(ShelterWeb.prefix)/dashboard") }
        return req.render(WelcomeView(c: req.viewContext).page)
    }
}
