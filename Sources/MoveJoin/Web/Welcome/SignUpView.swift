import Foundation
import Kernel
import Vapor

/// The two steps of sign-up, each a form that shows what was typed and what was wrong.
struct SignUpView {
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { MoveJoinWeb.prefix }

    /// Step 1 of 2: e-mail and password.
    var emailStep: Page {
        MoveJoinWeb.shell(nil, title: l.text("mj.signup.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("mj.signup.title") }
                H.p(.class("step")) { l.text("mj.signup.step", ["n": "1", "of": "2"]) }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(prefix)/signup") {
                    FormField(name: "email", label: l.text("mj.field.email"), type: "email", autocomplete: "email",
                              inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(form, l)
                    FormField(name: "password", label: l.text("mj.field.password"), type: "password",
                              hint: l.text("mj.hint.password", ["min": String(PeopleService.passwordMinLength)]),
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    FormField(name: "passwordRepeat", label: l.text("mj.field.password_repeat"), type: "password",
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    H.input(.type("hidden"), .name("next"), .value(form.values["next"]))
                    Components.primaryButton(l.text("mj.signup.continue"))
                }
                H.p { H.a(.href(Request.path("\(prefix)/login", returningTo: form.values["next"]))) { l.text("mj.signup.have_account") } }
            }
        }
    }

    /// Step 2 of 2: name, surname and city.
    var aboutYouStep: Page {
        MoveJoinWeb.shell(nil, title: l.text("mj.signup.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("mj.signup.about_you") }
                H.p(.class("step")) { l.text("mj.signup.step", ["n": "2", "of": "2"]) }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(prefix)/signup/about-you") {
                    FormField(name: "name", label: l.text("mj.field.name"), autocomplete: "given-name", maxLength: PeopleService.nameMaxLength).render(form, l)
                    FormField(name: "surname", label: l.text("mj.field.surname"), autocomplete: "family-name", maxLength: PeopleService.nameMaxLength).render(form, l)
                    SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(form, l)
                    Components.primaryButton(l.text("mj.signup.create"))
                }
            }
        }
    }
}
