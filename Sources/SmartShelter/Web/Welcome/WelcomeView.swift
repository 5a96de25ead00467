import Foundation
import Kernel

/// What the app is, with the ways in: sign in and sign up.
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
