import Foundation
import Kernel
import Vapor

/// Sign-up for a member of the staff: name, e-mail and password; the account waits for the
/// director to give it a role. Sign-in and the password pages are the kernel's.
enum SignUpPage {
    static func register(on web: any RoutesBuilder) {
        web.get("signup", use: form)
        web.post("signup", use: signup)
    }

    static func form(_ req: Request) -> Response {
        req.render(SignUpView(form: FormState(values: ["timeZone": ShelterProfile.defaultTimeZone.identifier]), c: req.viewContext).page)
    }

    static func signup(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let person = try await req.shelter.staff.register(
                name: state.values["name"], email: state.values["email"], password: state.values["password"],
                passwordRepeat: state.values["passwordRepeat"] ?? "", timeZone: state.values["timeZone"], language: req.language)
            try await req.logIn(person.account)
            return req.redirect(to: "\(ShelterWeb.prefix)/dashboard", redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            return req.render(SignUpView(form: FormState(values: state.values, errors: error.fieldErrors), status: error.status, c: req.viewContext).page)
        }
    }
}

struct SignUpView {
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(nil, title: l.text("ss.signup.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.signup.title") }
                H.p { l.text("ss.signup.lead") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(ShelterWeb.prefix)/signup") {
                    FormField(name: "name", label: l.text("ss.field.name"), autocomplete: "name", maxLength: StaffService.nameMaxLength).render(form, l)
                    FormField(name: "email", label: l.text("ss.field.email"), type: "email", autocomplete: "email",
                              inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(form, l)
                    FormField(name: "password", label: l.text("ss.field.password"), type: "password",
                              hint: l.text("ss.hint.password", ["min": String(StaffService.passwordMinLength)]),
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    FormField(name: "passwordRepeat", label: l.text("ss.field.password_repeat"), type: "password",
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    SelectField(name: "timeZone", label: l.text("ss.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                                includeEmpty: false).render(form, l)
                    Components.primaryButton(l.text("ss.signup.submit"))
                }
                H.p { H.a(.href("\(ShelterWeb.prefix)/login")) { l.text("ss.signup.have_account") } }
            }
        }
    }
}
