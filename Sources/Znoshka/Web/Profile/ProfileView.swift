import Foundation
import Kernel
import Vapor

/// The profile form (name, exam date, reminder time, time zone), the push button, the
/// study plan to the exam date, and the ways to the authors' page, the password, signing
/// out and deleting the account.
struct ProfileView {
    let student: Student
    let form: FormState
    let plan: StudyPlanModel
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
                    FormField(name: "name", label: l.text("zn.field.name"), autocomplete: "given-name", maxLength: AccountService.nameMaxLength).render(form, l)
                    FormField(name: "examDate", label: l.text("zn.field.exam_date"), type: "date", hint: l.text("zn.hint.exam_date"), required: false).render(form, l)
                    FormField(name: "reminderTime", label: l.text("zn.field.reminder_time"), type: "time", hint: l.text("zn.hint.reminder_time"),
                              required: false).render(form, l)
                    SelectField(name: "timeZone", label: l.text("zn.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                                includeEmpty: false).render(form, l)
                    Components.primaryButton(l.text("zn.profile.save"))
                }
                Components.pushButton(c, app: prefix, label: l.text("zn.profile.push"), enabled: l.text("zn.profile.push_enabled"))
            }
            StudyPlanParts.card(plan, l)
            H.section(.class("card")) {
                if student.isAuthor { H.a(.class("button button-block"), .href("\(prefix)/author")) { l.text("zn.author.title") } }
                if student.isModerator { H.a(.class("button button-block"), .href(ModerationPage.path)) { l.text("zn.moderation.title") } }
                H.a(.class("button button-block"), .href("\(prefix)/account/password")) { l.text("account.password.title") }
                Components.postForm(c, action: "\(prefix)/logout") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("zn.logout") }
                }
                H.a(.class("button button-block"), .href("\(prefix)/account/delete")) { l.text("zn.profile.delete") }
            }
        }
    }
}
