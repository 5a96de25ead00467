import Foundation
import Vapor

/// The views of the kernel's account pages (`AccountWebPages`): each is a function of
/// the form's state (what was typed, what was wrong) and the view context, in the app's
/// words (`Localizer.key(_:wordedBy:)`).
struct AccountViews {
    let app: AppDescriptor
    let rules: any AppAccounts
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { app.pathPrefix }
    private var kind: LoginKind { rules.loginKind }

    func login(_ state: FormState, error: AppError?) -> AccountPage {
        page("account.login.title", status: error?.status ?? .ok) {
            H.section(.class("card")) {
                H.h1 { say("account.login.title") }
                if let error {
                    H.p(.class("flash flash-error"), .role("alert")) {
                        error.code == "invalid_credentials" ? say("account.login.invalid.\(kind.field)") : say(error)
                    }
                }
                Components.postForm(c, action: "\(prefix)/login") {
                    H.input(.type("hidden"), .name("next"), .value(state.values["next"]))
                    loginField(autocomplete: "username").render(state, l)
                    FormField(name: "password", label: say("account.field.password"), type: "password",
                              autocomplete: "current-password", maxLength: 200).render(state, l)
                    submitButton(say("account.login.submit"))
                }
                H.a(.class("button button-block"), .href("\(prefix)/forgot-password")) { say("account.login.forgot") }
                H.a(.class("button button-block"), .href(Request.path("\(prefix)\(rules.signUpPath)", returningTo: state.values["next"]))) {
                    say("account.login.no_account")
                }
            }
        }
    }

    /// Changing the password (`login` fills the hidden username field password managers
    /// file the new password under), signing out everywhere, and the way to deletion.
    func password(_ state: FormState, login: String, status: HTTPResponseStatus) -> AccountPage {
        page("account.password.title", status: status) {
            H.section(.class("card")) {
                H.h1 { say("account.password.title") }
                Components.errorSummary(state, l)
                Components.postForm(c, action: "\(prefix)/account/password") {
                    H.input(.type("hidden"), .name("username"), .value(login), Attribute("autocomplete", "username"))
                    FormField(name: "currentPassword", label: say("account.field.current_password"), type: "password",
                              autocomplete: "current-password", maxLength: 200).render(state, l)
                    newPasswordFields(state)
                    submitButton(say("account.password.submit"))
                }
            }
            H.section(.class("card")) {
                H.h2 { say("account.everywhere.title") }
                H.p { say("account.everywhere.lead") }
                Components.postForm(c, action: "\(prefix)/account/sign-out-everywhere") {
                    H.button(.type("submit"), .class("button button-block")) { say("account.everywhere.submit") }
                }
                H.a(.class("button button-block"), .href("\(prefix)/account/delete")) { say("account.delete.title") }
            }
        }
    }

    func deletion(_ state: FormState, status: HTTPResponseStatus) -> AccountPage {
        page("account.delete.title", status: status) {
            H.section(.class("card")) {
                H.h1 { say("account.delete.title") }
                H.p { say("account.delete.lead") }
                Components.errorSummary(state, l)
                Components.postForm(c, action: "\(prefix)/account/delete") {
                    FormField(name: "password", label: say("account.field.password"), type: "password",
                              hint: say("account.delete.hint"), autocomplete: "current-password", maxLength: 200).render(state, l)
                    H.button(.type("submit"), .class("button button-danger button-block")) { say("account.delete.submit") }
                }
            }
        }
    }

    /// "Forgot your password?": a form for a reset link, or — where staff issue codes —
    /// whom to call (`staffPhone`) and the way on to the code form.
    func forgot(_ state: FormState, staffPhone: String?, status: HTTPResponseStatus) -> AccountPage {
        page("account.forgot.title", status: status) {
            switch rules.passwordReset {
            case .staffCode:
                let call = rules.callForCode(phone: staffPhone, c)
                H.section(.class("card")) {
                    H.h1 { say("account.forgot.title") }
                    H.p(.class("lead")) { say("account.reset.call", ["whom": call.whom]) }
                    call.button
                    H.a(.class("button button-primary button-block"), .href("\(prefix)/reset-password")) { say("account.forgot.have_code") }
                    H.a(.class("button button-block"), .href("\(prefix)/login")) { say("account.forgot.back") }
                }
            case .emailLink:
                H.section(.class("card")) {
                    H.h1 { say("account.forgot.title") }
                    H.p { say("account.forgot.lead") }
                    Components.errorSummary(state, l)
                    Components.postForm(c, action: "\(prefix)/forgot-password") {
                        loginField(autocomplete: "email").render(state, l)
                        submitButton(say("account.forgot.submit"))
                    }
                    H.a(.class("button button-block"), .href("\(prefix)/login")) { say("account.forgot.back") }
                }
            }
        }
    }

    /// The new password, with the link's token or the login and staff code.
    func reset(_ state: FormState, status: HTTPResponseStatus) -> AccountPage {
        page("account.reset.title", status: status) {
            H.section(.class("card")) {
                H.h1 { say("account.reset.title") }
                Components.errorSummary(state, l)
                Components.postForm(c, action: "\(prefix)/reset-password") {
                    if rules.passwordReset == .emailLink {
                        H.input(.type("hidden"), .name("token"), .value(state.values["token"]))
                    } else {
                        loginField(autocomplete: "username").render(state, l)
                        FormField(name: "code", label: say("account.field.code"), hint: say("account.reset.code_hint"),
                                  autocomplete: "one-time-code", inputMode: "numeric", maxLength: 20).render(state, l)
                    }
                    newPasswordFields(state)
                    submitButton(say("account.reset.submit"))
                }
            }
        }
    }

    /// A used, expired or unknown link or code, and the way to a new one.
    func invalidReset(_ error: AppError) -> AccountPage {
        page("account.reset.title", status: error.status) {
            H.section(.class("card")) {
                H.h1 { say("account.reset.title") }
                H.p(.class("flash flash-error"), .role("alert")) { say(error) }
                H.a(.class("button button-primary button-block"), .href("\(prefix)/forgot-password")) { say("account.reset.again") }
            }
        }
    }

    // MARK: Parts

    private func page(_ titleKey: String, status: HTTPResponseStatus, @HTMLBuilder content: () -> HTML) -> AccountPage {
        AccountPage(title: say(titleKey), status: status, content: content())
    }

    /// The form's one action, across the screen (a large target on a phone).
    private func submitButton(_ label: String) -> HTML {
        H.button(.type("submit"), .class("button button-primary button-block")) { label }
    }

    /// A shared account text as this app words it.
    private func say(_ key: String, _ arguments: [String: String] = [:]) -> String {
        l.text(l.key(key, wordedBy: app.id), arguments)
    }

    /// An error's message as this app words it, when its catalog has its own words for it
    /// (a dismissed member of a shelter's staff is not told to ask a coordinator).
    private func say(_ error: AppError) -> String {
        let own = l.key(error.key, wordedBy: app.id)
        return own == error.key ? error.message(l) : l.text(own, error.arguments)
    }

    private func loginField(autocomplete: String) -> FormField {
        kind == .email
            ? FormField(name: "email", label: say("account.field.email"), type: "email", autocomplete: autocomplete,
                        inputMode: "email", maxLength: kind.maxLength)
            : FormField(name: "phone", label: say("account.field.phone"), type: "tel", hint: say("account.hint.phone"),
                        autocomplete: autocomplete == "username" ? "tel" : autocomplete, inputMode: "tel", maxLength: kind.maxLength)
    }

    private func newPasswordFields(_ state: FormState) -> HTML {
        HTMLBuilder.join([
            FormField(name: "newPassword", label: say("account.field.new_password"), type: "password",
                      hint: say("account.hint.password", ["min": String(rules.passwordMinLength)]),
                      autocomplete: "new-password", maxLength: 200).render(state, l),
            FormField(name: "newPasswordRepeat", label: say("account.field.new_password_repeat"), type: "password",
                      autocomplete: "new-password", maxLength: 200).render(state, l),
        ])
    }
}
