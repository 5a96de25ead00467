import Foundation
import Kernel

/// One person: how to reach them (a tap to call or write), the do-not-adopt flag, their
/// history with the shelter (animals that went with them or came back, applications) and
/// the folded form that changes the record.
struct PersonView {
    let person: StaffMember
    let history: PersonHistory
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var record: ShelterPerson { history.person }

    var page: Page {
        ShelterWeb.shell(person, title: record.name, section: .animals, c) {
            H.p(.class("breadcrumb")) { H.a(.href(PeoplePage.path)) { l.text("ss.person.title") } }
            H.h1 { record.name }
            H.section(.class("card"), .aria("label", l.text("ss.person.contacts"))) {
                H.p { l.text("ss.person.kind.\(record.kind)") }
                if !record.phone.isEmpty { H.p { H.a(.href(PhoneNumber.telURL(record.phone))) { PhoneNumber.display(record.phone) } } }
                if !record.email.isEmpty { H.p(.class("staff-member")) { H.a(.href("mailto:\(record.email)")) { H.span { record.email } } } }
                if !record.notes.isEmpty { H.p { record.notes } }
                if record.doNotAdopt { H.p(.class("low-label")) { H.strong { l.text("ss.person.do_not_adopt_flag", ["reason": record.doNotAdoptReason]) } } }
            }
            H.section(.class("card"), .aria("labelledby", "history")) {
                H.h2(.id("history")) { l.text("ss.person.history") }
                if history.movements.isEmpty && history.applications.isEmpty { H.p(.class("empty")) { l.text("ss.person.no_history") } }
                H.ul(.class("plain-list history")) {
                    HTMLBuilder.join(history.movements.map { row in
                        H.li {
                            H.strong { LocalDay(row.movement.onDay).map { AnimalText.day($0, l) } ?? row.movement.onDay }
                            " — " + l.text("ss.movement_kind.\(row.movement.kind)") + ": "
                            H.a(.href(AnimalPage.path(row.movement.animalID))) { row.animal }
                        }
                    })
                    HTMLBuilder.join(history.applications.map { row in
                        H.li {
                            H.strong { l.date(row.application.createdAt) }
                            " — " + l.text("ss.person.applied", ["status": l.text("ss.adopt.status.\(row.application.status)")]) + ": "
                            H.a(.href(AnimalPage.path(row.application.animalID))) { row.animal }
                        }
                    })
                }
            }
            H.details(.class("card")) {
                H.summary { l.text("ss.person.edit") }
                Components.postForm(c, action: PeoplePage.path(record.id!)) {
                    PersonText.fields(FormState(values: ["name": record.name, "kind": record.kind, "phone": record.phone.isEmpty ? "" : "+" + record.phone,
                                                         "email": record.email, "notes": record.notes, "doNotAdopt": record.doNotAdopt ? "1" : "",
                                                         "doNotAdoptReason": record.doNotAdoptReason]), l)
                    Components.primaryButton(l.text("ss.person.save"))
                }
            }
        }
    }
}
