import Foundation
import Kernel
import Vapor

/// Sign-up: name, e-mail and password («Реєстрація» of the original), then on to the
/// subjects. Sign-in, sign-out and the password pages are the kernel's (`ZnoshkaAccounts`).
enum SignUpPage {
    static func register(on web: any RoutesBuilder) {
        web.get("signup", use: form)
        web.post("signup", use: signup)
    }

    static func form(_ req: Request) -> Response {
        req.render(SignUpView(form: FormState(values: ["timeZone": ZnoshkaProfile.defaultTimeZone.identifier]), c: req.viewContext).page)
    }

    static func signup(_ req: Request) async throws -> Response {
        let state = FormState.submitted(by: req)
        do {
            let student = try await req.znoshka.students.register(
                name: state.values["name"], email: state.values["email"], password: state.values["password"],
                passwordRepeat: state.values["passwordRepeat"] ?? "", timeZone: state.values["timeZone"], language: req.language)
            try await req.logIn(student.account)
            return req.redirect(to: "\(ZnoshkaWeb.prefix)/subjects", redirectType: .normal)
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let form = FormState(values: state.values, errors: error.fieldErrors)
            return req.render(SignUpView(form: form, status: error.status, c: req.viewContext).page)
        }
    }
}

/// The sign-up form, showing what was typed and what was wrong.
struct SignUpView {
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { ZnoshkaWeb.prefix }

    var page: Page {
        ZnoshkaWeb.shell(nil, title: l.text("zn.signup.title"), section: .none, status: status, c) {
            H.section(.class("card")) {
                H.h1 { l.text("zn.signup.title") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(prefix)/signup") {
                    FormField(name: "name", label: l.text("zn.field.name"), autocomplete: "given-name", maxLength: StudentService.nameMaxLength).render(form, l)
                    FormField(name: "email", label: l.text("zn.field.email"), type: "email", autocomplete: "email",
                              inputMode: "email", maxLength: Kernel.Validator.emailMaxLength).render(form, l)
                    FormField(name: "password", label: l.text("zn.field.password"), type: "password",
                              hint: l.text("zn.hint.password", ["min": String(StudentService.passwordMinLength)]),
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    FormField(name: "passwordRepeat", label: l.text("zn.field.password_repeat"), type: "password",
                              autocomplete: "new-password", maxLength: 200).render(form, l)
                    SelectField(name: "timeZone", label: l.text("zn.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                                includeEmpty: false).render(form, l)
                    Components.primaryButton(l.text("zn.signup.submit"))
                }
                H.p { H.a(.href("\(prefix)/login")) { l.text("zn.signup.have_account") } }
            }
        }
    }
}
