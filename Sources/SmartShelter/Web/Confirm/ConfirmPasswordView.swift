import Foundation
import Kernel
import Vapor

/// The password form that opens the director's window for changes, then goes to `next`.
struct ConfirmPasswordView {
    let person: StaffMember
    let next: String
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.confirm.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.confirm.title") }
                H.p { l.text("ss.confirm.lead") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(ShelterWeb.prefix)/confirm") {
                    H.input(.type("hidden"), .name("next"), .value(next))
                    FormField(name: "password", label: l.text("ss.field.password"), type: "password", autocomplete: "current-password",
                              maxLength: 200).render(form, l)
                    Components.primaryButton(l.text("ss.confirm.submit"))
                }
            }
        }
    }
}
