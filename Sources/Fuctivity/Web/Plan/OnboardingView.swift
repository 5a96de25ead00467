import Foundation
import Kernel
import Vapor

/// The first page after sign-up: what the week plan is for, and the plan form.
struct OnboardingView {
    let planner: Planner
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        FuctivityWeb.shell(planner, title: l.text("fx.onboarding.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.onboarding.title") }
                H.p(.class("lead")) { l.text("fx.onboarding.lead") }
                PlanFormView(form: form, action: "\(FuctivityWeb.prefix)/onboarding", submit: l.text("fx.onboarding.submit"), c: c).html
            }
        }
    }
}
