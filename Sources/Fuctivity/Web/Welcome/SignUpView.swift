import Foundation
import Kernel
import Vapor

/// The sign-up form, showing what was typed and what was wrong.
struct SignUpView {
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { FuctivityWeb.prefix }

    var page: Page {
        FuctivityWeb.shell(nil, title: l.text("fx.signup.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("fx.signup.title") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(prefix)/signup") {
                    fields
                    Components.primaryButton(l.text("fx.signup.submit"))
                }
                H.p { H.a(.href("\(prefix)/login")) { l.text("fx.signup.have_account") } }
            }
        }
    }

    @HTMLBuilder private var fields: HTML {
        FormField(name: "name", label: l.text("fx.field.name"), autocomplete: "given-name", maxLength: PlannerService.nameMaxLength).render(form, l)
        FormField(name: "email", label: l.text("fx.field.email"), type: "email", autocomplete: "email",
                  inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(form, l)
        FormField(name: "password", label: l.text("fx.field.password"), type: "password",
                  hint: l.text("fx.hint.password", ["min": String(PlannerService.passwordMinLength)]),
                  autocomplete: "new-password", maxLength: 200).render(form, l)
        FormField(name: "passwordRepeat", label: l.text("fx.field.password_repeat"), type: "password",
                  autocomplete: "new-password", maxLength: 200).render(form, l)
        SelectField(name: "timeZone", label: l.text("fx.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                    includeEmpty: false).render(form, l)
    }
}
