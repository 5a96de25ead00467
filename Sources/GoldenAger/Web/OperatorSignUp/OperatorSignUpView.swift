import Kernel
import Vapor

enum OperatorSignUpView {
    /// The caller's details, asked one after another on the phone; no password.
    static func page(_ member: Member, cities: [City], form: FormState, status: HTTPResponseStatus = .ok, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.operator.new_title"), section: .accounts, status: status, c) {
            H.h1 { l.text("ga.operator.new_title") }
            H.p(.class("lead")) { l.text("ga.operator.new_lead") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: OperatorSignUpPage.path) {
                FormField(name: "firstName", label: l.text("ga.field.firstName"), maxLength: ProfileRules.nameMax).render(form, l)
                FormField(name: "lastName", label: l.text("ga.field.lastName"), maxLength: ProfileRules.nameMax).render(form, l)
                FormField(name: "phone", label: l.text("ga.field.phone"), type: "tel", inputMode: "tel", maxLength: 20).render(form, l)
                FormField(name: "birthday", label: l.text("ga.field.birthday"), hint: l.text("ga.hint.birthday"), maxLength: 20).render(form, l)
                SelectField(name: "city", label: l.text("ga.field.city"),
                            options: cities.map { ($0.id, $0.name(in: l.language)) }).render(form, l)
                FormField(name: "address", label: l.text("ga.field.address"), hint: l.text("ga.operator.address_hint"),
                          maxLength: ProfileRules.addressMax).render(form, l)
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.operator.new_submit") }
            }
            GoldenAgerWeb.backLink("\(GoldenAgerWeb.prefix)/admin/accounts", l)
        }
    }
}
