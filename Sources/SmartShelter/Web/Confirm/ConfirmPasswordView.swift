import Foundation
import Kernel
import Vapor

/// The password form that opens the director's window for changes: on its own page (then
/// on to `next`), or in place of a form whose change needed it (then that change is made).
struct ConfirmPasswordView {
    enum Target {
        /// `/shelter/confirm`, then to `next`.
        case page(next: String)
        /// Back to the form's own `action` with its fields, carrying the change out; `back`
        /// is where the director was, for changing their mind.
        case form(action: String, carried: [String: String], back: String)
    }

    let person: StaffMember
    let target: Target
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.confirm.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.confirm.title") }
                switch target {
                case .page(let next):
                    H.p { l.text("ss.confirm.lead") }
                    Components.errorSummary(form, l)
                    Components.postForm(c, action: "\(ShelterWeb.prefix)/confirm") {
                        H.input(.type("hidden"), .name("next"), .value(next))
                        passwordField(name: "password")
                        Components.primaryButton(l.text("ss.confirm.submit"))
                    }
                case .form(let action, let carried, let back):
                    H.p { l.text("ss.confirm.lead_change") }
                    Components.errorSummary(form, l)
                    Components.postForm(c, action: action) {
                        HTMLBuilder.join(carried.sorted { $0.key < $1.key }.map { H.input(.type("hidden"), .name($0.key), .value($0.value)) })
                        passwordField(name: PasswordInPlace.field)
                        Components.primaryButton(l.text("ss.confirm.submit_change"))
                    }
                    H.p { H.a(.href(back)) { l.text("ss.confirm.cancel") } }
                }
            }
        }
    }

    private func passwordField(name: String) -> HTML {
        FormField(name: name, label: l.text("ss.field.password"), type: "password", autocomplete: "current-password",
                  maxLength: 200).render(form, l)
    }
}
