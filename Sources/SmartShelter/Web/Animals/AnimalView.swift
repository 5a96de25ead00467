import Foundation
import Kernel

/// An animal's record: photo, facts, weights, medical history, meals and movements, with
/// the forms a doctor (or the director) changes them by.
struct AnimalView {
    let person: StaffMember
    let record: AnimalRecord
    let hasPhoto: Bool
    let enclosures: [(value: String, label: String)]
    let items: [StockItem]
    /// The person records a movement may name (for those who record movements).
    var people: [ShelterPerson] = []
    let today: LocalDay
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var animal: Animal { record.animal }
    private var path: String { AnimalPage.path(animal.id!) }
    private var canChange: Bool { [.doctor, .director].contains(person.role) }
    private var itemChoices: [(value: String, label: String)] { choices(items) }
    /// A meal plan takes food only.
    private var foodChoices: [(value: String, label: String)] { choices(items.filter { $0.itemKind == .food }) }

    private func choices(_ items: [StockItem]) -> [(value: String, label: String)] {
        items.map { ($0.id!.uuidString.lowercased(), "\($0.name) (\($0.unit))") }
    }

    var page: Page {
        ShelterWeb.shell(person, title: animal.name, section: .animals, scripts: ["photo-upload.js"], c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { animal.name }
            photo
            facts
            if canChange && animal.isHere { moveForm }
            weights
            if let medical = record.medical { MedicalSection(person: person, animal: animal, medical: medical, itemChoices: itemChoices, today: today, c: c).html }
            meals
            movements
            if !record.moves.isEmpty { moves }
            if canChange { ListingSection(animal: animal, c: c).html }
            if canChange { editForm }
        }
    }

    private var facts: HTML {
        H.section(.class("card"), .aria("label", l.text("ss.animal.facts"))) {
            H.dl(.class("facts")) {
                H.dt { l.text("ss.field.species") }
                H.dd { AnimalText.kind(animal, l) }
                if let born = animal.bornOn.flatMap(LocalDay.init) {
                    H.dt { l.text("ss.field.born_on") }
                    H.dd { AnimalText.day(born, l) + (animal.birthEstimated ? " (\(l.text("ss.animal.birth_estimate")))" : "") }
                }
                H.dt { l.text("ss.field.intake_on") }
                H.dd { (LocalDay(animal.intakeOn).map { AnimalText.day($0, l) } ?? animal.intakeOn) + (animal.intakeReason.isEmpty ? "" : " — \(animal.intakeReason)") }
                H.dt { l.text("ss.animal.where") }
                H.dd {
                    if animal.isHere {
                        record.enclosureName.map { l.text("ss.animal.lives_in", ["enclosure": $0]) } ?? l.text("ss.animal.no_enclosure")
                    } else {
                        AnimalText.status(animal, l)
                    }
                }
                if let grams = animal.weightGrams {
                    H.dt { l.text("ss.animal.weight_title") }
                    H.dd { AnimalText.weight(grams, l) }
                }
                if !animal.description.isEmpty {
                    H.dt { l.text("ss.field.description") }
                    H.dd { animal.description }
                }
            }
        }
    }

    /// The photo (its thumbnail, opening the whole one) and the form that sets it: the
    /// page's script draws the thumbnail and sends both.
    private var photo: HTML {
        H.div(.class("animal-photo")) {
            if hasPhoto {
                H.a(.href("\(path)/photo")) {
                    H.img(Attribute("src", "\(path)/photo/thumbnail"), Attribute("alt", l.text("ss.photo.alt", ["name": animal.name])), .class("thumbnail"))
                }
            }
            if canChange {
                H.form(Attribute("method", "post"), Attribute("action", "\(path)/photo"), Attribute("enctype", "multipart/form-data"),
                       .class("photo-form"), .data("csrf", c.csrfToken), .data("side", String(PhotoService.thumbnailMaxSide))) {
                    c.csrfField
                    H.div(.class("field")) {
                        H.label(Attribute("for", "field-photo")) { l.text(hasPhoto ? "ss.photo.replace" : "ss.photo.add") }
                        H.input(.id("field-photo"), .name("photo"), .type("file"), Attribute("accept", "image/jpeg,image/png"), Attribute("required", ""))
                        H.p(.class("hint")) { l.text("ss.photo.hint") }
                    }
                    Components.primaryButton(l.text("ss.photo.upload"))
                }
            }
        }
    }

    private var moveForm: HTML {
        H.section(.class("card"), .aria("labelledby", "move")) {
            H.h2(.id("move")) { l.text("ss.animal.move") }
            Components.postForm(c, action: "\(path)/enclosure") {
                SelectField(name: "enclosureId", label: l.text("ss.field.enclosure"), options: enclosures, required: false,
                            emptyLabel: l.text("ss.animal.no_enclosure"))
                    .render(FormState(values: ["enclosureId": animal.enclosureID?.uuidString.lowercased() ?? ""]), l)
                Components.primaryButton(l.text("ss.animal.move_submit"))
            }
        }
    }

    /// The weight over time: a chart from two weighings on, the figures in a table.
    private var weights: HTML {
        H.section(.class("card"), .aria("labelledby", "weights")) {
            H.h2(.id("weights")) { l.text("ss.animal.weight_title") }
            if record.weights.count >= 2 { weightChart }
            if record.weights.isEmpty {
                H.p(.class("empty")) { l.text("ss.animal.no_weights") }
            } else {
                Components.tableScroll(label: l.text("ss.animal.weight_title")) {
                    H.table {
                        H.thead { H.tr { H.th(Attribute("scope", "col")) { l.text("ss.field.day") }; H.th(Attribute("scope", "col")) { l.text("ss.field.weight") } } }
                        H.tbody {
                            HTMLBuilder.join(record.weights.reversed().map { w in
                                H.tr { H.td { LocalDay(w.onDay).map { AnimalText.day($0, l) } ?? w.onDay }; H.td { AnimalText.weight(w.grams, l) } }
                            })
                        }
                    }
                }
            }
            if canChange && animal.isHere {
                Components.postForm(c, action: "\(path)/weights") {
                    FormField(name: "weight", label: l.text("ss.field.weight"), inputMode: "decimal", maxLength: 16).render(FormState(), l)
                    FormField(name: "onDay", label: l.text("ss.field.day"), type: "date").render(FormState(values: ["onDay": today.description]), l)
                    Components.primaryButton(l.text("ss.animal.weigh"))
                }
            }
        }
    }

    private var weightChart: HTML {
        let kilos = record.weights.map { Double($0.grams) / 1000 }
        let low = (kilos.min() ?? 0), high = (kilos.max() ?? 1)
        let pad = max((high - low) * 0.2, 0.5)
        let ticks = [max(0, low - pad), (low + high) / 2, high + pad].map { ($0, l.number($0, fractionDigits: 1)) }
        let labels = [0, record.weights.count - 1].map { ($0, LocalDay(record.weights[$0].onDay)?.dayMonth ?? "") }
        return LineChart(id: "chart-weight", title: l.text("ss.animal.weight_chart"),
                         summary: l.text("ss.animal.weight_summary", ["first": AnimalText.weight(record.weights.first!.grams, l),
                                                                       "last": AnimalText.weight(record.weights.last!.grams, l)]),
                         series: [LineChart.Series(cssClass: "mean", values: kilos)], xLabels: labels, yTicks: ticks).figure
    }

    private var meals: HTML {
        H.section(.class("card"), .aria("labelledby", "meals")) {
            H.h2(.id("meals")) { l.text("ss.meal.title") }
            if record.meals.isEmpty { H.p(.class("empty")) { l.text("ss.meal.none") } }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(record.meals.map { meal in
                    let item = items.first { $0.id == meal.itemID }
                    return H.li(.class("meal")) {
                        H.span { "\(meal.time) — " + (item.map { ShelterFormat.quantity(meal.amount, $0.unit, l) + " " + $0.name } ?? "") }
                        if canChange {
                            Components.postForm(c, action: "\(path)/meals/\(meal.id!.uuidString.lowercased())/delete", classes: "inline") {
                                H.button(.class("button"), .type("submit")) { l.text("ss.meal.remove", ["time": meal.time]) }
                            }
                        }
                    }
                })
            }
            if canChange && animal.isHere {
                Components.postForm(c, action: "\(path)/meals") {
                    FormField(name: "time", label: l.text("ss.field.time"), type: "time").render(FormState(), l)
                    SelectField(name: "itemId", label: l.text("ss.field.food"), options: foodChoices).render(FormState(), l)
                    FormField(name: "amount", label: l.text("ss.field.amount_plain"), inputMode: "decimal", maxLength: 16).render(FormState(), l)
                    Components.primaryButton(l.text("ss.meal.add"))
                }
            }
        }
    }

    private var movements: HTML {
        H.section(.class("card"), .aria("labelledby", "movements")) {
            H.h2(.id("movements")) { l.text("ss.animal.movements") }
            H.ul(.class("plain-list history")) {
                HTMLBuilder.join(record.movements.map { m in
                    H.li {
                        H.strong { LocalDay(m.onDay).map { AnimalText.day($0, l) } ?? m.onDay }
                        " — " + l.text("ss.movement_kind.\(m.kind)")
                        if let id = m.personID, let name = record.movementPeople[id] {
                            " — "; H.a(.href(PeoplePage.path(id))) { name }
                        }
                        m.note.isEmpty ? "" : ": \(m.note)"
                    }
                })
            }
            if canChange && animal.animalStatus != .dead {
                let kinds = AnimalMovement.Kind.allCases.filter { $0.from.contains(animal.animalStatus) }
                Components.postForm(c, action: "\(path)/movements") {
                    SelectField(name: "kind", label: l.text("ss.field.movement"), options: kinds.map { ($0.rawValue, l.text("ss.movement_kind.\($0.rawValue)")) })
                        .render(FormState(), l)
                    SelectField(name: "personId", label: l.text("ss.field.movement_person"),
                                options: people.map { ($0.id!.uuidString.lowercased(), "\($0.name) · \(PersonText.contacts($0, l))") }, required: false,
                                emptyLabel: l.text("ss.person.nobody")).render(FormState(), l)
                    H.p(.class("hint")) { l.text("ss.person.movement_hint"); " "; H.a(.href(PeoplePage.path)) { l.text("ss.person.link") } }
                    FormField(name: "onDay", label: l.text("ss.field.day"), type: "date").render(FormState(values: ["onDay": today.description]), l)
                    FormField(name: "note", label: l.text("ss.field.note"), required: false, maxLength: AnimalService.textMaxLength).render(FormState(), l)
                    Components.primaryButton(l.text("ss.animal.record_movement"))
                }
            }
        }
    }

    /// Its moves between enclosures, newest first: when, from where to where, and who.
    private var moves: HTML {
        let names = Dictionary(enclosures.map { ($0.value, $0.label) }) { first, _ in first }
        func name(_ id: UUID?) -> String? { id.map { names[$0.uuidString.lowercased()] ?? l.text("ss.animal.move_unknown") } }
        return H.section(.class("card"), .aria("labelledby", "moves")) {
            H.h2(.id("moves")) { l.text("ss.animal.moves") }
            H.ul(.class("plain-list history")) {
                HTMLBuilder.join(record.moves.map { move in
                    let from = name(move.fromEnclosureID), to = name(move.toEnclosureID)
                    let route = switch (from, to) {
                    case let (from?, to?): l.text("ss.animal.move_between", ["from": from, "to": to])
                    case let (nil, to?): l.text("ss.animal.move_in", ["to": to])
                    case let (from?, nil): l.text("ss.animal.move_out", ["from": from])
                    case (nil, nil): ""
                    }
                    return H.li {
                        H.strong { l.dateTime(move.at) }
                        " — " + route
                        if let by = move.actorID.flatMap({ record.moverNames[$0] }) { " · " + by }
                    }
                })
            }
        }
    }

    private var editForm: HTML {
        let values = ["name": animal.name, "species": animal.species, "breed": animal.breed, "sex": animal.sex, "bornOn": animal.bornOn ?? "",
                      "birthEstimated": animal.birthEstimated ? "true" : "false", "description": animal.description]
        return H.details(.class("card")) {
            H.summary { l.text("ss.animal.edit") }
            Components.postForm(c, action: path) {
                AnimalForm.fields(FormState(values: values), l)
                Components.primaryButton(l.text("ss.animal.save"))
            }
        }
    }
}
