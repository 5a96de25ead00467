import Kernel
import Vapor

enum VerifyView {
    /// The month a code stands for, or word that there is none (404), and the form again.
    static func page(code: String?, verification: HoursService.Verification?, _ c: ViewContext) -> Page {
        let l = c.localizer
        let status: HTTPResponseStatus = code != nil && verification == nil ? .notFound : .ok
        return GoldenAgerWeb.shell(nil, title: l.text("ga.verify.title"), section: .none, status: status, c) {
            H.h1 { l.text("ga.verify.title") }
            if let verification {
                H.dl(.class("card verification")) {
                    H.dt { l.text("ga.verify.organisation") }; H.dd { verification.organisation ?? "—" }
                    H.dt { l.text("ga.verify.volunteer") }; H.dd { verification.name }
                    H.dt { l.text("ga.verify.month") }; H.dd { AssignmentsView.monthName(verification.month, l) }
                    H.dt { l.text("ga.verify.hours") }; H.dd { GoldenAgerWeb.hours(verification.minutes, l) }
                }
            } else if code != nil {
                H.p(.class("flash flash-error"), Attribute("role", "alert")) { l.text("ga.verify.not_found") }
            }
            H.form(Attribute("method", "get"), Attribute("action", VerifyPage.path), .class("card")) {
                FormField(name: "code", label: l.text("ga.verify.code"), maxLength: 20).render(FormState(values: ["code": code ?? ""]), l)
                H.button(.type("submit"), .class("button button-block")) { l.text("ga.verify.check") }
            }
        }
    }
}
