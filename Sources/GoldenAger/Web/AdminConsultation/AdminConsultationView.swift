import Kernel
import Vapor

enum AdminConsultationView {
    static func page(_ member: Member, state: FormState, status: HTTPResponseStatus = .ok, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: l.text("ga.admin.consultation"), section: .admin, status: status, c) {
            H.h1 { l.text("ga.admin.consultation") }
            Components.postForm(c, action: "\(GoldenAgerWeb.prefix)/admin/consultation", classes: "card") {
                FormField(name: "phone", label: l.text("ga.field.consultation_phone"), type: "tel", hint: l.text("ga.hint.consultation"), maxLength: 40).render(state, l)
                Components.primaryButton(l.text("ga.admin.save"))
            }
        }
    }
}
