import Kernel
import Vapor

enum OrderDetailsView {
    private static let prefix = GoldenAgerWeb.prefix

    /// Two questions with big choices, a note, and «Зберегти»; back to the order.
    static func page(_ member: Member, _ details: TaskDetails, form: FormState, status: HTTPResponseStatus = .ok, _ c: ViewContext) -> Page {
        let l = c.localizer
        let id = details.task.id!
        return GoldenAgerWeb.shell(member, title: l.text("ga.order.when_title"), section: .orders, status: status, c) {
            H.h1 { l.text("ga.order.when_title") }
            H.p(.class("lead")) { details.template.title(in: l.language) }
            Components.errorSummary(form, l)
            Components.postForm(c, action: "\(prefix)/orders/\(id)/details") {
                choices(name: "preferredDate", legend: l.text("ga.order.day"), form, l, [
                    ("any", l.text("ga.when.any")), ("today", l.text("ga.when.today")), ("tomorrow", l.text("ga.when.tomorrow")),
                    ("other", l.text("ga.order.other_day")),
                ])
                FormField(name: "otherDate", label: l.text("ga.order.other_date"), type: "date", required: false).render(form, l)
                choices(name: "preferredPart", legend: l.text("ga.order.part"), form, l, [
                    ("any", l.text("ga.when.any")), ("morning", l.text("ga.when.morning")), ("afternoon", l.text("ga.when.afternoon")),
                    ("evening", l.text("ga.when.evening")),
                ])
                TextAreaField(name: "note", label: l.text("ga.order.note"), hint: l.text("ga.order.note_hint"), required: false,
                              maxLength: OrderPreference.noteMaxLength,
                              warning: TypingWarning(pattern: NotePrivacy.phonePattern, message: l.text("ga.order.note_phone"))).render(form, l)
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.order.details_save") }
            }
            GoldenAgerWeb.backLink(OrderPage.path(id), l)
        }
    }

    /// Big radio buttons, one a row, the group's error above them.
    private static func choices(name: String, legend: String, _ form: FormState, _ l: Localizer,
                                _ options: [(value: String, label: String)]) -> HTML {
        let error = form.error(for: name)
        let selected = form.values[name] ?? "any"
        return H.fieldset(.class(error == nil ? "field choice-group" : "field choice-group field-invalid")) {
            H.legend { legend }
            if let error { H.p(.class("field-error")) { l.text(error.key, error.arguments) } }
            for option in options {
                H.label(.class("choice-option")) {
                    H.input(.type("radio"), .name(name), .value(option.value), .flag("checked", option.value == selected))
                    H.span { option.label }
                }
            }
        }
    }
}
