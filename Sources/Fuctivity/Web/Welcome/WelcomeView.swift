import Foundation
import Kernel

/// What Fuctivity is, and the ways in: sign up or sign in.
struct WelcomeView {
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { FuctivityWeb.prefix }

    var page: Page {
        FuctivityWeb.shell(nil, title: l.text("fx.welcome.title"), section: .none, c) {
            H.section(.class("welcome card")) {
                H.h1 { l.text("fx.welcome.title") }
                H.p(.class("lead")) { l.text("fx.welcome.lead") }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/signup")) { l.text("fx.welcome.signup") }
                H.a(.class("button button-block"), .href("\(prefix)/login")) { l.text("fx.welcome.login") }
            }
        }
    }
}
