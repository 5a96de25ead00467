import Foundation
import Kernel
import Vapor

/// What the pages open to visitors add for them: the ways to sign up or sign in that bring
/// them back to the page they were on, and the sample to try first.
enum VisitorParts {
    /// A card saying what an account adds, with the subject's sample (`sample`: its slug)
    /// and the ways in.
    static func invitation(sample: String?, returningTo page: String, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.section(.class("card visitor"), .aria("label", l.text("zn.visitor.label"))) {
            H.p { l.text("zn.visitor.lead") }
            if let sample { H.a(.class("button button-primary button-block"), .href(SamplePage.path(sample))) { l.text("zn.sample.try") } }
            waysIn(returningTo: page, primary: sample == nil, c)
        }
    }

    /// Sign up (the main way for a newcomer) and sign in, each coming back to `page`.
    static func waysIn(returningTo page: String, primary: Bool, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return HTMLBuilder.join([
            H.a(.class(primary ? "button button-primary button-block" : "button button-block"),
                .href(Request.path("\(ZnoshkaWeb.prefix)/signup", returningTo: page))) { l.text("zn.visitor.signup") },
            H.p(.class("visitor-login")) {
                H.a(.href(Request.path("\(ZnoshkaWeb.prefix)/login", returningTo: page))) { l.text("zn.visitor.login") }
            },
        ])
    }
}
