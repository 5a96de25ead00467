import Kernel
import Vapor

enum TaskView {
    private static let prefix = GoldenAgerWeb.prefix

    /// The task; the pensioner's card only once the service shows it (the task is the
    /// volunteer's), and the buttons the task's state allows.
    static func page(_ member: Member, _ details: TaskDetails, _ c: ViewContext) -> Page {
        let l = c.localizer
        let task = details.task
        let title = details.template.title(in: l.language)
        return GoldenAgerWeb.shell(member, title: title, section: .assignments, c) {
            H.h1 { title }
            H.p { GoldenAgerWeb.statusBadge(task.status, for: member.role == .volunteer ? .volunteer : .staff, l) }
            let visiting = task.status == .accepted && details.isAssignedToMe
            // On a visit, «Я на місці» / «Виконано» and the door code come first.
            if visiting { visitButton(details, c) }
            if let code = details.doorCode, details.isAssignedToMe { doorCode(code, l) }
            if task.status == .searching && task.offeredTo == member.id {
                H.p(.class("flash flash-info offered")) { l.text("ga.task.offered_to_you") }
            }
            if let pensioner = details.pensioner { pensionerCard(pensioner, city: task.city, l) }
            H.section(.class("card")) {
                H.p { details.template.volunteerDescription(in: l.language) }
                GoldenAgerWeb.preference(date: task.preferredDate, part: task.preferredPart, note: task.note, l)
                H.p(.class("task-meta")) { "\(details.category.name(in: l.language)) · \(l.duration(minutes: task.minutes))" }
            }
            if task.status == .searching && !details.isAssignedToMe { acceptOrDecline(details, c) }
            if visiting { withdrawForm(details, state: FormState(), c) }
            if task.status == .finished && details.isAssignedToMe { H.p(.class("flash flash-info")) { l.text("ga.task.awaiting_confirmation") } }
            GoldenAgerWeb.backLink("\(prefix)/inbox", l)
        }
    }

    /// The withdrawal form again, with what was wrong with it.
    static func withdrawal(_ member: Member, _ details: TaskDetails, state: FormState, status: HTTPResponseStatus, _ c: ViewContext) -> Page {
        let l = c.localizer
        return GoldenAgerWeb.shell(member, title: details.template.title(in: l.language), section: .assignments, status: status, c) {
            H.h1 { details.template.title(in: l.language) }
            withdrawForm(details, state: state, c)
            GoldenAgerWeb.backLink("\(prefix)/tasks/\(details.task.id!)", l)
        }
    }

    private static func pensionerCard(_ pensioner: TaskDetails.Person, city: String, _ l: Localizer) -> HTML {
        H.section(.class("card pensioner")) {
            H.h2 { "\(pensioner.firstName) \(pensioner.lastName)" }
            if let address = pensioner.address {
                H.p(.class("address")) { l.text("ga.task.address", ["address": address, "city": City.name(of: city, in: l.language)]) }
            }
            if let phone = pensioner.phone { GoldenAgerWeb.phoneLink(phone, label: l.text("ga.task.call_pensioner")) }
        }
    }

    private static func doorCode(_ code: String, _ l: Localizer) -> HTML {
        H.section(.class("card door-code"), .aria("labelledby", "door-code-title")) {
            H.h2(.id("door-code-title")) { l.text("ga.order.door_code") }
            H.p(.class("door-code-digits")) { code }
            H.p { l.text("ga.task.door_code_hint") }
        }
    }

    /// «Я на місці» until they say so, then «Виконано» (which asks first).
    private static func visitButton(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let id = details.task.id!
        guard let arrivedAt = details.task.arrivedAt else {
            return Components.postForm(c, action: "\(prefix)/tasks/\(id)/arrive") {
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.task.arrive") }
            }
        }
        return HTMLBuilder.join([
            H.p(.class("task-meta")) { l.text("ga.task.arrived_at", ["time": l.time(arrivedAt)]) },
            Components.postForm(c, action: "\(prefix)/tasks/\(id)/finish", confirm: l.text("ga.task.finish_confirm")) {
                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("ga.task.finish") }
            },
        ])
    }

    private static func acceptOrDecline(_ details: TaskDetails, _ c: ViewContext) -> HTML {
        let l = c.localizer
        return H.div(.class("actions")) {
            Components.postForm(c, action: "\(prefix)/tasks/\(details.task.id!)/accept") {
                H.button(.type("submit"), .class("button button-yes")) { l.text("ga.task.accept") }
            }
            Components.postForm(c, action: "\(prefix)/tasks/\(details.task.id!)/decline") {
                H.button(.type("submit"), .class("button button-no")) { l.text("ga.task.decline") }
            }
        }
    }

    /// Giving the task back, with the reason the pensioner is told.
    static func withdrawForm(_ details: TaskDetails, state: FormState, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let error = state.error(for: "reason")
        return Components.postForm(c, action: "\(prefix)/tasks/\(details.task.id!)/withdraw", confirm: l.text("ga.task.withdraw_confirm"), classes: "card withdraw") {
            H.h2 { l.text("ga.task.withdraw_title") }
            H.div(.class(error == nil ? "field" : "field field-invalid")) {
                H.label(Attribute("for", "field-reason")) { l.text("ga.task.withdraw_reason") }
                if let error { H.p(.class("field-error"), .id("field-reason-error")) { l.text(error.key, error.arguments) } }
                H.textarea(.id("field-reason"), .name("reason"), .flag("required"), Attribute("maxlength", "500"), Attribute("rows", "3"),
                           .aria("invalid", error != nil ? "true" : nil), .aria("describedby", error != nil ? "field-reason-error" : nil)) {
                    state.values["reason"] ?? ""
                }
            }
            H.button(.type("submit"), .class("button button-no button-block")) { l.text("ga.task.withdraw") }
        }
    }
}
