import Foundation
import Kernel

/// The week plan form: on its own in onboarding, at the top of the profile later.
struct PlanFormView {
    let form: FormState
    /// Where it posts: onboarding or the profile.
    let action: String
    let submit: String
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var html: HTML {
        Components.postForm(c, action: action) {
            Components.errorSummary(form, l)
            FormField(name: "name", label: l.text("fx.field.name"), autocomplete: "given-name", maxLength: AccountService.nameMaxLength).render(form, l)
            workingDays
            FormField(name: "workHours", label: l.text("fx.field.work_hours"), type: "number", hint: l.text("fx.hint.work_hours"), inputMode: "numeric").render(form, l)
            FormField(name: "workStarts", label: l.text("fx.field.work_starts"), type: "time").render(form, l)
            FormField(name: "restHours", label: l.text("fx.field.rest_hours"), type: "number", hint: l.text("fx.hint.rest_hours"), inputMode: "numeric").render(form, l)
            FormField(name: "dayStarts", label: l.text("fx.field.day_starts"), type: "time", hint: l.text("fx.hint.day")).render(form, l)
            FormField(name: "dayEnds", label: l.text("fx.field.day_ends"), type: "time").render(form, l)
            SelectField(name: "timeZone", label: l.text("fx.field.time_zone"), options: TimeZoneChoices.options(current: form.values["timeZone"]),
                        includeEmpty: false).render(form, l)
            Components.primaryButton(submit)
        }
    }

    /// A checkbox per weekday (`day1` … `day7`), with the group's error above them.
    private var workingDays: HTML {
        let dayError = form.error(for: "workingDays")
        return H.fieldset(.class(dayError == nil ? "field weekdays" : "field weekdays field-invalid")) {
            H.legend { l.text("fx.field.working_days") }
            if let dayError { H.p(.class("field-error")) { l.text(dayError.key, dayError.arguments) } }
            for day in 1...7 {
                H.label(.class("weekday-choice")) {
                    H.input(.type("checkbox"), .name("day\(day)"), .value("on"), .flag("checked", form.values["day\(day)"] == "on"))
                    H.span { l.text("fx.weekday.long.\(day)") }
                }
            }
        }
    }
}
