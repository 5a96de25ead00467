import Kernel
import Vapor

enum ReportView {
    private static let prefix = GoldenAgerWeb.prefix

    /// What happened, in the person's words; whether to stop the volunteer meanwhile; send.
    static func page(_ member: Member, _ details: TaskDetails, form: FormState, status: HTTPResponseStatus = .ok, _ c: ViewContext) -> Page {
        let l = c.localizer
        let id = details.task.id!
        return GoldenAgerWeb.shell(member, title: l.text("ga.report.title"), section: .orders, status: status, c) {
            // Short enough that «Надіслати» is in the first view of a phone.
            H.h1 { l.text("ga.report.title") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: "\(prefix)/orders/\(id)/report", classes: "report-form") {
                TextAreaField(name: "text", label: l.text("ga.report.text"), maxLength: TaskClosing.reportMaxLength).render(form, l)
                H.label(.class("choice-option")) {
                    H.input(.type("checkbox"), .name("suspend"), .flag("checked", form.values["suspend"] == "on"))
                    H.span { l.text("ga.report.suspend") }
                }
                H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.report.send") }
            }
            GoldenAgerWeb.backLink(OrderPage.path(id), l)
        }
    }
}
