import Foundation
import Kernel

/// What Znoshka is, and the ways in: sign up or sign in.
struct WelcomeView {
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { ZnoshkaWeb.prefix }

    var page: Page {
        ZnoshkaWeb.shell(nil, title: l.text("zn.welcome.title"), section: .none, c) {
            H.section(.class("welcome card")) {
                H.h1 { l.text("zn.welcome.title") }
                H.p(.class("lead")) { l.text("zn.welcome.lead") }
                H.ul(.class("plain-list welcome-points")) {
                    H.li { l.text("zn.welcome.point_tests") }
                    H.li { l.text("zn.welcome.point_review") }
                    H.li { l.text("zn.welcome.point_stats") }
                }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/signup")) { l.text("zn.welcome.signup") }
                H.a(.class("button button-block"), .href("\(prefix)/login")) { l.text("zn.welcome.login") }
            }
        }
    }
}
