import Foundation
import Kernel
import Vapor

/// `/shelter/animals`: the animals here (or everyone ever, `?all=1`), the doses due today
/// and overdue for the doctors, and the intake form (`/shelter/animals/new`).
enum AnimalsPage {
    static let path = "\(ShelterWeb.prefix)/animals"

    static func register(on web: any RoutesBuilder) {
        web.get("animals", use: list)
        web.get("animals", "new", use: newForm)
        web.post("animals", use: create)
        web.post("regimens", ":regimenID", "doses", use: giveDose)
    }

    static func list(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let all = (try? req.query.get(String.self, at: "all")) == "1"
        let animals = try await req.shelter.animals.list(for: person, includeGone: all)
        let due = [.doctor, .director].contains(person.role) ? try await req.shelter.medical.due(for: person) : []
        let enclosures = try await enclosureNames(req)
        let photos = try await req.shelter.photos.withPhotos(animals.compactMap(\.id))
        return req.render(AnimalsView(person: person, animals: animals, showsAll: all, due: due, enclosures: enclosures, photos: photos,
                                      c: req.viewContext(for: person.account)).page)
    }

    static func newForm(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let today = LocalDay(req.kernel.clock.now, in: person.timeZone).description
        return req.render(NewAnimalView(person: person, form: FormState(values: ["intakeOn": today, "sex": "unknown"]),
                                        enclosures: try await enclosureChoices(req, person), c: req.viewContext(for: person.account)).page)
    }

    static func create(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let state = FormState.submitted(by: req)
        let v = state.values
        let input = AnimalInput(name: v["name"], species: v["species"], breed: v["breed"], sex: v["sex"], bornOn: v["bornOn"],
                                birthEstimated: v["birthEstimated"], description: v["description"], intakeOn: v["intakeOn"],
                                intakeReason: v["intakeReason"], enclosureID: v["enclosureId"], weight: v["weight"])
        do {
            let animal = try await req.shelter.animals.create(input, by: person)
            return req.redirect(to: AnimalPage.path(animal.id!), flash: .success, "ss.animal.created")
        } catch let error as AppError where error.code == PasswordConfirmations.required.code {
            return req.redirect(to: ConfirmPasswordPage.path(next: "\(path)/new"), flash: .info, "account.confirmation_required")
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict || error.status == .notFound {
            let errors = error.fieldErrors.isEmpty ? [FieldError(field: "enclosureId", key: error.key)] : error.fieldErrors
            return req.render(NewAnimalView(person: person, form: FormState(values: v, errors: errors), status: error.status == .notFound ? .unprocessableEntity : error.status,
                                            enclosures: try await enclosureChoices(req, person), c: req.viewContext(for: person.account)).page)
        }
    }

    static func giveDose(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("regimenID", notFound: "regimen_not_found", key: "ss.error.regimen_not_found")
        let form = FormState.submitted(by: req).values
        let back = form["back"].flatMap { $0.hasPrefix(ShelterWeb.prefix + "/") ? $0 : nil } ?? path
        return try await ShelterWeb.change(req, back: back) {
            _ = try await req.shelter.medical.giveDose(of: id, notes: form["notes"],
                                                       supplies: [SupplyInput(itemID: form["supplyItem"], amount: form["supplyAmount"])], by: person)
            return req.redirect(to: back, flash: .success, "ss.medical.dose_given")
        }
    }

    static func enclosureNames(_ req: Request) async throws -> [UUID: String] {
        Dictionary(uniqueKeysWithValues: try await Enclosure.query(on: req.db).all().map { ($0.id!, $0.name) })
    }

    static func enclosureChoices(_ req: Request, _ person: StaffMember) async throws -> [(value: String, label: String)] {
        try await req.shelter.enclosures.list(for: person).map { ($0.enclosure.id!.uuidString.lowercased(), $0.enclosure.name) }
    }
}

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
                    l.text("ss.animal.status.\(animal.status)")
                }
                if let grams = animal.weightGrams { " · " + AnimalText.weight(grams, l) }
            }
        }
    }

    private func dayText(_ text: String) -> String { LocalDay(text).map { AnimalText.day($0, l) } ?? text }
}

/// The intake form: who the animal is, when and why it came, where it lives, its weight.
struct NewAnimalView {
    let person: StaffMember
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let enclosures: [(value: String, label: String)]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.animals.new"), section: .animals, status: status, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { l.text("ss.animals.new") }
            Components.errorSummary(form, l)
            Components.postForm(c, action: AnimalsPage.path) {
                AnimalForm.fields(form, l)
                FormField(name: "intakeOn", label: l.text("ss.field.intake_on"), type: "date").render(form, l)
                TextAreaField(name: "intakeReason", label: l.text("ss.field.intake_reason"), required: false, maxLength: AnimalService.textMaxLength).render(form, l)
                SelectField(name: "enclosureId", label: l.text("ss.field.enclosure"), options: enclosures, required: false,
                            emptyLabel: l.text("ss.animal.no_enclosure")).render(form, l)
                FormField(name: "weight", label: l.text("ss.field.weight"), required: false, inputMode: "decimal", maxLength: 16).render(form, l)
                Components.primaryButton(l.text("ss.animals.take_in"))
            }
        }
    }
}

/// The fields of who an animal is, shared by the intake form and the edit form.
enum AnimalForm {
    static func fields(_ form: FormState, _ l: Localizer) -> HTML {
        H.div {
            FormField(name: "name", label: l.text("ss.field.animal_name"), maxLength: AnimalService.nameMaxLength).render(form, l)
            SelectField(name: "species", label: l.text("ss.field.species"),
                        options: Animal.Species.allCases.map { ($0.rawValue, l.text("ss.species.\($0.rawValue)")) }).render(form, l)
            FormField(name: "breed", label: l.text("ss.field.breed"), required: false, maxLength: AnimalService.nameMaxLength).render(form, l)
            SelectField(name: "sex", label: l.text("ss.field.sex"), options: Animal.Sex.allCases.map { ($0.rawValue, l.text("ss.sex.\($0.rawValue)")) },
                        includeEmpty: false).render(form, l)
            FormField(name: "bornOn", label: l.text("ss.field.born_on"), type: "date", required: false).render(form, l)
            SelectField(name: "birthEstimated", label: l.text("ss.field.birth_estimated"),
                        options: [("false", l.text("ss.animal.birth_exact")), ("true", l.text("ss.animal.birth_estimate"))], includeEmpty: false).render(form, l)
            TextAreaField(name: "description", label: l.text("ss.field.description"), required: false, maxLength: AnimalService.textMaxLength).render(form, l)
        }
    }
}

/// How an animal's facts read.
enum AnimalText {
    /// "Собака · лабрадор · самець".
    static func kind(_ animal: Animal, _ l: Localizer) -> String {
        [l.text("ss.species.\(animal.species)"), animal.breed, l.text("ss.sex.\(animal.sex)")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    static func weight(_ grams: Int, _ l: Localizer) -> String {
        l.text("ss.animal.kg", ["value": l.number(Double(grams) / 1000, fractionDigits: grams % 1000 == 0 ? 0 : grams % 100 == 0 ? 1 : grams % 10 == 0 ? 2 : 3)])
    }

    static func day(_ day: LocalDay, _ l: Localizer) -> String {
        l.date(day.start(in: l.timeZone))
    }
}
