import Foundation
import Vapor

/// The e-mail sign-up form — name, e-mail, the password twice and the time zone —
/// showing what was typed and what was wrong, in the app's words (`say`).
struct EmailSignUpView {
    let rules: any EmailSignUpAccounts
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { rules.app.pathPrefix }

    var page: AccountPage {
        AccountPage(title: say("account.signup.title"), status: status, content: content)
    }

    private var content: HTML {
        H.section(.class("card")) {
            H.h1 { say("account.signup.title") }
            if let lead = rules.signUpLeadKey { H.p { l.text(lead) } }
            Components.errorSummary(form, l)
            Components.postForm(c, action: "\(prefix)\(rules.signUpPath)") {
                H.input(.type("hidden"), .name("next"), .value(form.values["next"]))
                fields
                H.button(.type("submit"), .class("button button-primary button-block")) { say("account.signup.submit") }
            }
            H.p { H.a(.href(Request.path("\(prefix)/login", returningTo: form.values["next"]))) { say("account.signup.have_account") } }
        }
    }

    @HTMLBuilder private var fields: HTML {
        FormField(name: "name", label: say("account.field.name"), autocomplete: "name",
                  maxLength: AccountService.nameMaxLength).render(form, l)
        FormField(name: "email", label: say("account.field.email"), type: "email", autocomplete: "email",
                  inputMode: "email", maxLength: Validator.emailMaxLength).render(form, l)
        FormField(name: "password", label: say("account.field.password"), type: "password",
                  hint: say("account.hint.password", ["min": String(rules.passwordMinLength)]),
                  autocomplete: "new-password", maxLength: 200).render(form, l)
        FormField(name: "passwordRepeat", label: say("account.field.password_repeat"), type: "password",
                  autocomplete: "new-password", maxLength: 200).render(form, l)
        SelectField(name: "timeZone", label: say("account.field.time_zone"),
                    options: TimeZoneChoices.options(current: form.values["timeZone"]), includeEmpty: false).render(form, l)
    }

    /// A shared account text as this app words it.
    private func say(_ key: String, _ arguments: [String: String] = [:]) -> String {
        l.text(l.key(key, wordedBy: rules.app.id), arguments)
    }
}
