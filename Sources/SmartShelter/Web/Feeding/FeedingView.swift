import Foundation
import Kernel

/// Today's feeding rounds: each portion either done (when, by whom) or due, with a button
/// for those who feed; and the water top-up form.
struct FeedingView {
    let person: StaffMember
    let rounds: [EnclosureMeal]
    let enclosures: [Enclosure]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var canRefill: Bool { [.storekeeper, .director].contains(person.role) }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.feeding.title"), section: .warehouse, c) {
            H.p(.class("breadcrumb")) { H.a(.href(WarehousePage.path)) { l.text("ss.warehouse.title") } }
            H.h1 { l.text("ss.feeding.title") }
            H.section(.aria("labelledby", "rounds")) {
                H.h2(.id("rounds")) { l.text("ss.feeding.today") }
                if rounds.isEmpty { H.p(.class("empty")) { l.text("ss.feeding.no_meals") } }
                H.ul(.class("plain-list")) { HTMLBuilder.join(rounds.map(round)) }
            }
            if canRefill && !enclosures.isEmpty { water }
        }
    }

    private func round(_ meal: EnclosureMeal) -> HTML {
        let id = "meal-\(meal.enclosure.id!.uuidString.lowercased())-\(meal.minuteOfDay)"
        return H.li(.class("card feeding-round"), .aria("labelledby", id)) {
            H.h3(.id(id)) { "\(meal.time) · \(meal.enclosure.name)" }
            HTMLBuilder.join(meal.portions.map { portion in
                H.div(.class("portion")) {
                    H.p { ShelterFormat.quantity(portion.amount, portion.item.unit, l) + " " + portion.item.name }
                    if let fed = meal.fed[portion.item.id!] {
                        // Done: said in words (and a mark), with no button to press twice.
                        H.p(.class("fed")) { "✓ " + l.text(fed.by.isEmpty ? "ss.feeding.done_at" : "ss.feeding.done_by", ["time": l.time(fed.at), "name": fed.by]) }
                    } else if canRefill {
                        Components.postForm(c, action: "\(ShelterWeb.enclosurePath(meal.enclosure.id!))/refills") {
                            H.input(.type("hidden"), .name("kind"), .value(Refill.Kind.food.rawValue))
                            H.input(.type("hidden"), .name("itemId"), .value(portion.item.id!.uuidString.lowercased()))
                            H.input(.type("hidden"), .name("amount"), .value(WarehouseService.text(portion.amount)))
                            H.input(.type("hidden"), .name("meal"), .value(meal.time))
                            Components.primaryButton(l.text("ss.feeding.feed", ["enclosure": meal.enclosure.name, "item": portion.item.name, "time": meal.time]))
                        }
                    } else {
                        H.p(.class("hint")) { l.text("ss.feeding.due") }
                    }
                }
            })
        }
    }

    private var water: HTML {
        H.section(.class("card"), .aria("labelledby", "water")) {
            H.h2(.id("water")) { l.text("ss.feeding.water") }
            Components.postForm(c, action: "\(ShelterWeb.prefix)/feeding/water") {
                SelectField(name: "enclosureId", label: l.text("ss.field.enclosure"),
                            options: enclosures.map { ($0.id!.uuidString.lowercased(), $0.name) }).render(FormState(), l)
                H.input(.type("hidden"), .name("kind"), .value(Refill.Kind.water.rawValue))
                FormField(name: "amount", label: l.text("ss.field.litres"), inputMode: "decimal", maxLength: 16).render(FormState(), l)
                Components.primaryButton(l.text("ss.feeding.top_up"))
            }
        }
    }
}
