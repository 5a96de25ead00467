import Foundation
import Kernel
import Vapor

/// The people list: a search by name, phone or e-mail, a card per person (a do-not-adopt
/// flag shown on it), and the folded form that adds one (open when it came back with
/// faults).
struct PeopleView {
    let person: StaffMember
    let people: [ShelterPerson]
    let search: String
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.person.title"), section: .animals, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { l.text("ss.person.title") }
            H.p(.class("hint")) { l.text("ss.person.intro") }
            H.form(Attribute("method", "get"), Attribute("action", PeoplePage.path), Attribute("role", "search")) {
                FormField(name: "q", label: l.text("ss.person.search"), type: "search", required: false, maxLength: 80)
                    .render(FormState(values: ["q": search]), l)
                H.button(.class("button"), .type("submit")) { l.text("ss.person.find") }
            }
            newPerson
            H.section(.aria("labelledby", "people-list")) {
                H.h2(.id("people-list")) { l.text(search.isEmpty ? "ss.person.count" : "ss.person.found", ["count": String(people.count)]) }
                if people.isEmpty { H.p(.class("empty")) { l.text(search.isEmpty ? "ss.person.none" : "ss.person.none_found") } }
                H.ul(.class("plain-list")) { HTMLBuilder.join(people.map(card)) }
            }
        }
    }

    private func card(_ record: ShelterPerson) -> HTML {
        let id = "person-\(record.id!.uuidString.lowercased())"
        return H.li(.class("card person"), .aria("labelledby", id)) {
            H.h3(.id(id)) { H.a(.href(PeoplePage.path(record.id!))) { record.name } }
            H.p { PersonText.contacts(record, l) }
            if record.doNotAdopt { H.p(.class("low-label")) { H.strong { l.text("ss.person.do_not_adopt_flag", ["reason": record.doNotAdoptReason]) } } }
        }
    }

    private var newPerson: HTML {
        H.details(.class("card"), .flag("open", !form.errors.isEmpty)) {
            H.summary { l.text("ss.person.new") }
            Components.postForm(c, action: PeoplePage.path) {
                PersonText.fields(form, l)
                Components.primaryButton(l.text("ss.person.create"))
            }
        }
    }
}

/// How a person reads, and their form's fields (shared by the list's new-person form and
/// the person's own page).
enum PersonText {
    /// «Усиновлювач · +380 67 123 45 67 · olena@example.com».
    static func contacts(_ record: ShelterPerson, _ l: Localizer) -> String {
        ([l.text("ss.person.kind.\(record.kind)")] + [PhoneNumber.display(record.phone), record.email].filter { !$0.isEmpty }).joined(separator: " · ")
    }

    static func fields(_ form: FormState, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            FormField(name: "name", label: l.text("ss.field.person_name"), autocomplete: "off", maxLength: PeopleService.nameMaxLength).render(form, l),
            SelectField(name: "kind", label: l.text("ss.field.person_kind"),
                        options: ShelterPerson.Kind.allCases.map { ($0.rawValue, l.text("ss.person.kind.\($0.rawValue)")) }).render(form, l),
            FormField(name: "phone", label: l.text("ss.field.phone"), type: "tel", hint: l.text("ss.person.contact_hint"), required: false,
                      autocomplete: "off", inputMode: "tel", maxLength: 32).render(form, l),
            FormField(name: "email", label: l.text("ss.field.email"), type: "email", required: false, autocomplete: "off", maxLength: 254).render(form, l),
            TextAreaField(name: "notes", label: l.text("ss.field.notes"), required: false, maxLength: PeopleService.textMaxLength).render(form, l),
            H.div(.class("field")) {
                H.label(.class("checkbox")) {
                    H.input(.type("checkbox"), .name("doNotAdopt"), .value("1"), .flag("checked", form.values["doNotAdopt"] == "1"))
                    " " + l.text("ss.person.do_not_adopt")
                }
            },
            TextAreaField(name: "doNotAdoptReason", label: l.text("ss.field.do_not_adopt_reason"), hint: l.text("ss.person.reason_hint"),
                          required: false, maxLength: PeopleService.textMaxLength).render(form, l),
        ])
    }
}
