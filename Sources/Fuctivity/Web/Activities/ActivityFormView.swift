import Foundation
import Kernel
import Vapor

/// The activity form: what (category, text), when (day, start, end) and the reminders —
/// two before the start and one at a set time.
struct ActivityFormView {
    let planner: Planner
    /// The activity being changed; nil for a new one.
    let editing: UUID?
    /// The person's categories to choose from.
    let categories: [RestCategory]
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    /// The choices for a reminder before the start, in minutes.
    static let reminderChoices = [0, 5, 10, 15, 30, 60, 120, 1440]

    private var l: Localizer { c.localizer }

    var page: Page {
        let title = l.text(editing == nil ? "fx.activity.new" : "fx.activity.edit")
        return FuctivityWeb.shell(planner, title: title, section: .add, status: status, c) {
            H.section(.class("card")) {
                H.h1 { title }
                Components.postForm(c, action: editing.map(FuctivityWeb.activityPath) ?? "\(FuctivityWeb.prefix)/activities") {
                    fields
                    Components.primaryButton(l.text(editing == nil ? "fx.activity.create" : "fx.activity.save"))
                }
            }
        }
    }

    @HTMLBuilder private var fields: HTML {
        Components.errorSummary(form, l)
        SelectField(name: "categoryId", label: l.text("fx.field.category"), options: FuctivityWeb.categoryOptions(categories, l)).render(form, l)
        TextAreaField(name: "description", label: l.text("fx.field.description"), required: false, maxLength: ActivityService.detailsMaxLength).render(form, l)
        FormField(name: "date", label: l.text("fx.field.date"), type: "date").render(form, l)
        H.div(.class("field-row")) {
            FormField(name: "startTime", label: l.text("fx.field.start_time"), type: "time").render(form, l)
            FormField(name: "endTime", label: l.text("fx.field.end_time"), type: "time", hint: l.text("fx.hint.end_time")).render(form, l)
        }
        SelectField(name: "reminder", label: l.text("fx.field.reminder"), options: reminderOptions, required: false,
                    emptyLabel: l.text("fx.reminder.none")).render(form, l)
        SelectField(name: "reminder2", label: l.text("fx.field.reminder2"), options: reminderOptions, required: false,
                    emptyLabel: l.text("fx.reminder.none")).render(form, l)
        FormField(name: "remindAt", label: l.text("fx.field.remind_at"), type: "datetime-local", hint: l.text("fx.hint.remind_at"), required: false).render(form, l)
    }

    /// "At the start", "15 min before", …
    private var reminderOptions: [(value: String, label: String)] {
        Self.reminderChoices.map { (String($0), $0 == 0 ? l.text("fx.reminder.at_start") : l.text("fx.reminder.before", ["d": l.duration(minutes: $0)])) }
    }
}
