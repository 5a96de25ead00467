import Foundation
import Kernel

/// The animals' cards (photo, kind, where each lives) and, for doctors and the director,
/// the doses due today and overdue.
struct AnimalsView {
    let person: StaffMember
    let animals: [Animal]
    let showsAll: Bool
    let due: [DueDose]
    let enclosures: [UUID: String]
    /// The animals that have a photo (their card shows its thumbnail).
    let photos: Set<UUID>
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var canChange: Bool { [.doctor, .director].contains(person.role) }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.animals.title"), section: .animals, c) {
            H.h1 { l.text("ss.animals.title") }
            if canChange {
                H.p { H.a(.class("button primary"), .href("\(AnimalsPage.path)/new")) { l.text("ss.animals.new") } }
                H.p { H.a(.href(ApplicationsPage.path)) { l.text("ss.adopt.applications_title") } }
                H.p { H.a(.href(PeoplePage.path)) { l.text("ss.person.link") } }
                H.p { H.a(.href(StatisticsPage.path)) { l.text("ss.statistics.link") } }
                dueSection
            }
            H.section(.aria("labelledby", "animals-list")) {
                H.h2(.id("animals-list")) { l.text(showsAll ? "ss.animals.everyone" : "ss.animals.here", ["count": String(animals.count)]) }
                if animals.isEmpty { H.p(.class("empty")) { l.text("ss.animals.none") } }
                H.ul(.class("plain-list")) { HTMLBuilder.join(animals.map(card)) }
                H.p {
                    H.a(.href(showsAll ? AnimalsPage.path : "\(AnimalsPage.path)?all=1")) { l.text(showsAll ? "ss.animals.show_here" : "ss.animals.show_all") }
                }
            }
        }
    }

    /// Doses due today and overdue: the doctor's list for the day.
    private var dueSection: HTML {
        H.section(.class("card due"), .aria("labelledby", "due-title")) {
            H.h2(.id("due-title")) { l.text("ss.medical.due_title") }
            if due.isEmpty {
                H.p(.class("empty")) { l.text("ss.medical.nothing_due") }
            } else {
                H.ul(.class("plain-list")) {
                    HTMLBuilder.join(due.map { dose in
                        H.li(.class(dose.isOverdue ? "dose overdue" : "dose")) {
                            H.p {
                                H.a(.href(AnimalPage.path(dose.animal.id!))) { dose.animal.name }
                                ": \(dose.regimen.name) · "
                                H.strong { dose.isOverdue ? l.text("ss.medical.overdue_since", ["day": dayText(dose.regimen.dueOn!)]) : l.text("ss.medical.due_today") }
                            }
                            Components.postForm(c, action: "\(ShelterWeb.prefix)/regimens/\(dose.regimen.id!.uuidString.lowercased())/doses") {
                                H.input(.type("hidden"), .name("back"), .value(AnimalsPage.path))
                                H.button(.class("button"), .type("submit")) { l.text("ss.medical.give_dose_named", ["name": dose.regimen.name, "animal": dose.animal.name]) }
                            }
                        }
                    })
                }
            }
        }
    }

    private func card(_ animal: Animal) -> HTML {
        let id = "animal-\(animal.id!.uuidString.lowercased())"
        return H.li(.class("card animal-card"), .aria("labelledby", id)) {
            if photos.contains(animal.id!) {
                // Decorative here: the name beside it says whose it is.
                H.img(Attribute("src", "\(AnimalPage.path(animal.id!))/photo/thumbnail"), Attribute("alt", ""), .class("card-thumbnail"),
                      Attribute("loading", "lazy"))
            }
            H.h3(.id(id)) { H.a(.href(AnimalPage.path(animal.id!))) { animal.name } }
            H.p { AnimalText.kind(animal, l) }
            H.p(.class("hint")) {
                if animal.isHere {
                    animal.enclosureID.flatMap { enclosures[$0] }.map { l.text("ss.animal.lives_in", ["enclosure": $0]) } ?? l.text("ss.animal.no_enclosure")
                } else {
                    AnimalText.status(animal, l)
                }
                if let grams = animal.weightGrams { " · " + AnimalText.weight(grams, l) }
            }
        }
    }

    private func dayText(_ text: String) -> String { LocalDay(text).map { AnimalText.day($0, l) } ?? text }
}
