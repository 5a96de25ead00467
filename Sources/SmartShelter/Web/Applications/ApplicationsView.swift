import Foundation
import Kernel

/// The applications to adopt: pending ones first with their review and decision forms,
/// then the decided ones; a do-not-adopt match is shown as a warning on the card.
struct ApplicationsView {
    let person: StaffMember
    let rows: [ApplicationRow]
    let staff: [Account]
    let today: LocalDay
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        let pending = rows.filter { $0.application.applicationStatus == .pending }
        let decided = rows.filter { $0.application.applicationStatus != .pending }
        return ShelterWeb.shell(person, title: l.text("ss.adopt.applications_title"), section: .animals, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { l.text("ss.adopt.applications_title") }
            H.p { H.a(.href(AdoptPage.path)) { l.text("ss.adopt.public_page") } }
            H.section(.aria("labelledby", "pending")) {
                H.h2(.id("pending")) { l.text("ss.adopt.pending", ["count": String(pending.count)]) }
                if pending.isEmpty { H.p(.class("empty")) { l.text("ss.adopt.no_pending") } }
                H.ul(.class("plain-list")) { HTMLBuilder.join(pending.map(card)) }
            }
            if !decided.isEmpty {
                H.section(.aria("labelledby", "decided")) {
                    H.h2(.id("decided")) { l.text("ss.adopt.decided_title") }
                    H.ul(.class("plain-list")) { HTMLBuilder.join(decided.map(card)) }
                }
            }
        }
    }

    private func card(_ row: ApplicationRow) -> HTML {
        let a = row.application
        let id = a.id!.uuidString.lowercased()
        let action = "\(ApplicationsPage.path)/\(id)"
        return H.li(.class("card application"), .aria("labelledby", "application-\(id)")) {
            H.h3(.id("application-\(id)")) {
                H.a(.href(AnimalPage.path(a.animalID))) { row.animalName }
                " — " + (a.name.isEmpty ? l.text("ss.adopt.data_removed") : a.name)
            }
            for warning in row.warnings {
                H.p(.class("warning"), Attribute("role", "note")) {
                    H.strong { l.text("ss.adopt.do_not_adopt_warning", ["name": warning.name]) }
                    " " + warning.doNotAdoptReason
                }
            }
            H.dl(.class("facts")) {
                if !a.phone.isEmpty {
                    H.dt { l.text("ss.adopt.field_phone") }
                    H.dd { H.a(.href(PhoneNumber.telURL(a.phone))) { PhoneNumber.display(a.phone) } }
                }
                if !a.email.isEmpty {
                    H.dt { l.text("ss.adopt.field_email") }
                    H.dd { H.a(.href("mailto:\(a.email)"), .class("wrap")) { a.email } }
                }
                H.dt { l.text("ss.adopt.applied_on") }
                H.dd { l.dateTime(a.createdAt) }
                if !a.home.isEmpty {
                    H.dt { l.text("ss.adopt.home_staff") }
                    H.dd { a.home }
                }
                if !a.staffNotes.isEmpty {
                    H.dt { l.text("ss.adopt.field_notes") }
                    H.dd { a.staffNotes }
                }
                if a.homeVisitTaskID != nil {
                    H.dt { l.text("ss.adopt.visit") }
                    H.dd { H.a(.href(TasksPage.path)) { l.text("ss.adopt.visit_given") } }
                }
                if a.applicationStatus != .pending {
                    H.dt { l.text("ss.adopt.status") }
                    H.dd { l.text("ss.adopt.status.\(a.status)") + (a.reason.isEmpty ? "" : ": \(a.reason)") }
                }
            }
            if a.applicationStatus == .pending {
                H.details {
                    H.summary { l.text("ss.adopt.review") }
                    Components.postForm(c, action: "\(action)/review") {
                        TextAreaField(name: "notes", label: l.text("ss.adopt.field_notes"), required: false, maxLength: ApplicationService.textMaxLength)
                            .render(FormState(values: ["notes": a.staffNotes]), l)
                        SelectField(name: "visitBy", label: l.text("ss.adopt.field_visit_by"), options: staffChoices, required: false,
                                    emptyLabel: l.text("ss.adopt.no_visit")).render(FormState(), l)
                        FormField(name: "visitOn", label: l.text("ss.adopt.field_visit_on"), type: "date", required: false).render(FormState(), l)
                        Components.primaryButton(l.text("ss.adopt.review_save"))
                    }
                }
                Components.postForm(c, action: "\(action)/decision") {
                    H.input(.type("hidden"), .name("decision"), .value("approve"))
                    Components.primaryButton(l.text("ss.adopt.approve"))
                }
                H.details {
                    H.summary { l.text("ss.adopt.reject") }
                    Components.postForm(c, action: "\(action)/decision") {
                        H.input(.type("hidden"), .name("decision"), .value("reject"))
                        TextAreaField(name: "reason", label: l.text("ss.adopt.field_reason"), hint: l.text("ss.adopt.reason_hint"),
                                      maxLength: ApplicationService.textMaxLength).render(FormState(), l)
                        Components.dangerButton(l.text("ss.adopt.reject_submit"))
                    }
                }
            }
        }
    }

    private var staffChoices: [(value: String, label: String)] {
        staff.sorted { person.collation.areInIncreasingOrder($0.displayName, $1.displayName) }.map { ($0.id!.uuidString.lowercased(), $0.displayName) }
    }
}
