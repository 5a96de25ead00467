import Foundation
import Kernel

/// What Znoshka is, the ways in (sign up or sign in), and the subjects a visitor may read
/// and try before signing up.
struct WelcomeView {
    let subjects: [Subject]
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
            if !subjects.isEmpty {
                H.section(.class("card"), .aria("labelledby", "open-title")) {
                    H.h2(.id("open-title")) { l.text("zn.welcome.open_title") }
                    H.p { l.text("zn.welcome.open_lead") }
                    H.ul(.class("plain-list open-subjects")) { HTMLBuilder.join(subjects.map(subject)) }
                }
            }
        }
    }

    private func subject(_ subject: Subject) -> HTML {
        let name = subject.name(in: l.language)
        return H.li(.class("open-subject")) {
            H.a(.class("subject-card card"), .href(ZnoshkaWeb.subjectPath(subject.slug))) { name }
            H.a(.class("button button-block"), .href(SamplePage.path(subject.slug)),
                .aria("label", l.text("zn.sample.try_named", ["subject": name]))) { l.text("zn.sample.try") }
        }
    }
}
