import Kernel

enum WelcomeView {
    private static let prefix = GoldenAgerWeb.prefix

    static func page(_ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(nil, title: l.text("ga.welcome.title"), section: .none, c) {
            H.section(.class("welcome")) {
                H.h1 { l.text("ga.welcome.title") }
                H.p(.class("lead")) { l.text("ga.welcome.lead") }
                H.div(.class("actions-stack")) {
                    H.a(.class("button button-yes button-block"), .href("\(prefix)/login")) { l.text("ga.login.title") }
                    H.a(.class("button button-block"), .href("\(prefix)/join/pensioner/1")) { l.text("ga.welcome.join_pensioner") }
                    H.a(.class("button button-block"), .href("\(prefix)/join/volunteer/1")) { l.text("ga.welcome.join_volunteer") }
                    H.a(.class("button button-block"), .href("\(prefix)/join/relative/1")) { l.text("ga.welcome.join_relative") }
                }
            }
        }
    }
}
