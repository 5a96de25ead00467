import Foundation
import Kernel
import Vapor

/// The Profile tab: name, the exam date that review aims at, the study reminder's time
/// (with the button that lets it reach the phone), the password and signing out.
enum ProfilePage {
    static let path = "\(ZnoshkaWeb.prefix)/profile"

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: show)
        web.post("profile", use: save)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return req.render(ProfileView(student: student, form: FormState(values: values(student)), c: req.viewContext).page)
    }

    static func save(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.znoshka.students.update(student, with: StudentChanges(
                name: state.values["name"], examDate: state.values["examDate"] ?? "", reminderTime: state.values["reminderTime"] ?? "",
                timeZone: state.values["timeZone"]))
            return req.redirect(to: path, flash: .success, "zn.profile.saved")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let form = FormState(values: state.values, errors: error.fieldErrors)
            return req.render(ProfileView(student: student, form: form, status: error.status, c: req.viewContext).page)
        }
    }

    static func values(_ student: Student) -> [String: String] {
        ["name": student.name, "examDate": student.profile.examDate ?? "",
         "reminderTime": student.profile.reminderMinutes.map(ZnoshkaFormat.clock) ?? "", "timeZone": student.profile.timeZoneID]
    }
}

struct ProfileView {
    let student: Student
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var prefix: String { ZnoshkaWeb.prefix }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.profile.title"), section: .profile, status: status, scripts: ["push.js"], c) {
            H.section(.class("card")) {
                H.h1 { l.text("zn.profile.title") }
                H.p { student.email }
                Components.errorSummary(form, l)
                Components.postForm(c, action: ProfilePage.path) {
                    FormField(name: "name", label: l.text("zn.field.name"), autocomplete: "given-name", maxLength: StudentService.nameMaxLength).render(form, l)
                    FormField(name: "examDate", label: l.text("zn.field.exam_date"), type: "date", hint: l.text("zn.hint.exam_date"), required: false).render(form, l)
                    FormField(name: "reminderTime", label: l.text("zn.field.reminder_time"), type: "time", hint: l.text("zn.hint.reminder_time"),
                              required: false).render(form, l)
                    SelectField(name: "timeZone", label: l.text("zn.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                                includeEmpty: false).render(form, l)
                    Components.primaryButton(l.text("zn.profile.save"))
                }
                Components.pushButton(c, app: prefix, label: l.text("zn.profile.push"), enabled: l.text("zn.profile.push_enabled"))
            }
            H.section(.class("card")) {
                if student.isAuthor { H.a(.class("button button-block"), .href("\(prefix)/author")) { l.text("zn.author.title") } }
                H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
                Components.postForm(c, action: "\(prefix)/logout") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("zn.logout") }
                }
                H.a(.class("button button-block"), .href("\(prefix)/account/delete")) { l.text("zn.profile.delete") }
            }
        }
    }
}
