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

struct WelcomeView {
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(nil, title: l.text("ss.welcome.title"), section: .none, c) {
            H.section(.class("welcome card")) {
                H.h1 { l.text("ss.welcome.title") }
                H.p(.class("lead")) { l.text("ss.welcome.lead") }
                H.a(.class("button button-primary button-block"), .href("\(ShelterWeb.prefix)/login")) { l.text("ss.welcome.login") }
                H.a(.class("button button-block"), .href("\(ShelterWeb.prefix)/signup")) { l.text("ss.welcome.signup") }
            }
        }
    }
}
