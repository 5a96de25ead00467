import Foundation
import Kernel

/// What MoveJoin is, and the ways in: sign up or sign in.
struct WelcomeView {
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { MoveJoinWeb.prefix }

    var page: Page {
        MoveJoinWeb.shell(nil, title: l.text("mj.welcome.title"), section: .none, c) {
            H.section(.class("welcome")) {
                H.h1 { l.text("mj.welcome.title") }
                H.p(.class("lead")) { l.text("mj.welcome.lead") }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/signup")) { l.text("mj.welcome.signup") }
                H.a(.class("button button-block"), .href("\(prefix)/login")) { l.text("mj.welcome.begin") }
            }
        }
    }
}
