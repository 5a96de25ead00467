import Foundation
import Kernel
import Vapor

/// `/shelter/animals/{id}`: an animal's record — who it is, where it lives, its weight
/// over time, its medical history and meals, its way in and out — with a form for each
/// change a doctor (or the director) makes. Each form posts, changes one thing and comes
/// back here with a message.
enum AnimalPage {
    static func register(on web: any RoutesBuilder) {
        web.get("animals", ":animalID", use: show)
        web.post("animals", ":animalID", use: update)
        web.post("animals", ":animalID", "movements", use: movement)
        web.post("animals", ":animalID", "enclosure", use: move)
        web.post("animals", ":animalID", "weights", use: weigh)
        web.post("animals", ":animalID", "diseases", use: addDisease)
        web.post("animals", ":animalID", "diseases", ":diseaseID", "end", use: endDisease)
        web.post("animals", ":animalID", "treatments", use: treat)
        web.post("animals", ":animalID", "regimens", use: addRegimen)
        web.post("animals", ":animalID", "meals", use: addMeal)
        web.post("animals", ":animalID", "meals", ":mealID", "delete", use: removeMeal)
        web.on(.POST, "animals", ":animalID", "photo", body: .collect(maxSize: "6mb"), use: uploadPhoto)
        web.get("animals", ":animalID", "photo", use: PhotoAPI.photo)
        web.get("animals", ":animalID", "photo", "thumbnail", use: PhotoAPI.thumbnail)
    }

    /// The upload from the page's script (`photo-upload.js`): the photo and the thumbnail it
    /// drew, as multipart with the CSRF token in its header; answered with where to go next.
    static func uploadPhoto(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try animalID(req)
        let input = try PhotoAPI.decodeUpload(req)
        let response = try await ShelterWeb.change(req, back: path(id)) {
            _ = try await req.shelter.photos.upload(to: id, photo: input.photo.map { Array($0.data.readableBytesView) },
                                                    thumbnail: input.thumbnail.map { Array($0.data.readableBytesView) }, by: person)
            return req.redirect(to: path(id), flash: .success, "ss.photo.saved")
        }
        // The script is told where to go rather than redirected: a fetch that followed the
        // redirect would show (and so use up) the message the page it then opens should show.
        guard req.headers.first(name: "X-Requested-With") == "fetch", let location = response.headers.first(name: .location) else { return response }
        response.status = .ok
        response.headers.remove(name: .location)
        try response.content.encode(["location": location], as: .json)
        return response
    }

    static func path(_ id: UUID) -> String { "\(AnimalsPage.path)/\(id.uuidString.lowercased())" }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let record = try await req.shelter.animals.record(try animalID(req), for: person)
        let items = try await StockItem.query(on: req.db).sort(\.$name).all()
        let hasPhoto = try await req.shelter.photos.withPhotos([record.animal.id!]).contains(record.animal.id!)
        return req.render(AnimalView(person: person, record: record, hasPhoto: hasPhoto, enclosures: try await AnimalsPage.enclosureChoices(req, person), items: items,
                                     today: LocalDay(req.kernel.clock.now, in: person.timeZone), c: req.viewContext(for: person.account)).page)
    }

    static func update(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.animal.saved") { id, form, person in
            let input = AnimalInput(name: form["name"], species: form["species"], breed: form["breed"], sex: form["sex"], bornOn: form["bornOn"],
                                    birthEstimated: form["birthEstimated"], description: form["description"])
            _ = try await req.shelter.animals.update(id, with: input, by: person)
        }
    }

    static func movement(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.animal.movement_recorded") { id, form, person in
            _ = try await req.shelter.animals.recordMovement(of: id, kind: form["kind"], on: form["onDay"], note: form["note"], by: person)
        }
    }

    static func move(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.animal.moved") { id, form, person in
            _ = try await req.shelter.animals.move(id, to: form["enclosureId"], by: person)
        }
    }

    static func weigh(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.animal.weighed") { id, form, person in
            _ = try await req.shelter.animals.weigh(id, weight: form["weight"], on: form["onDay"], by: person)
        }
    }

    static func addDisease(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.medical.disease_added") { id, form, person in
            _ = try await req.shelter.medical.addDisease(to: id, name: form["name"], symptoms: form["symptoms"], startedOn: form["startedOn"], by: person)
        }
    }

    static func endDisease(_ req: Request) async throws -> Response {
        let diseaseID = try req.uuidParameter("diseaseID", notFound: "disease_not_found", key: "ss.error.disease_not_found")
        return try await change(req, done: "ss.medical.disease_ended") { _, form, person in
            _ = try await req.shelter.medical.endDisease(diseaseID, on: form["endedOn"], by: person)
        }
    }

    static func treat(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.medical.treated") { id, form, person in
            _ = try await req.shelter.medical.treat(id, kind: form["kind"], diseaseID: form["diseaseId"], notes: form["notes"],
                                                    supplies: [SupplyInput(itemID: form["supplyItem"], amount: form["supplyAmount"])], by: person)
        }
    }

    static func addRegimen(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.medical.regimen_added") { id, form, person in
            _ = try await req.shelter.medical.addRegimen(to: id, kind: form["kind"], name: form["name"], firstDue: form["dueOn"],
                                                         everyDays: form["everyDays"], by: person)
        }
    }

    static func addMeal(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.meal.added") { id, form, person in
            _ = try await req.shelter.feeding.addMeal(to: id, time: form["time"], itemID: form["itemId"], amount: form["amount"], by: person)
        }
    }

    static func removeMeal(_ req: Request) async throws -> Response {
        let mealID = try req.uuidParameter("mealID", notFound: "meal_not_found", key: "ss.error.meal_not_found")
        return try await change(req, done: "ss.meal.removed") { _, _, person in
            try await req.shelter.feeding.removeMeal(mealID, by: person)
        }
    }

    /// One change from a form on the page, back to the page with a message.
    private static func change(_ req: Request, done: String, _ body: (UUID, [String: String], StaffMember) async throws -> Void) async throws -> Response {
        let person = try await req.staffMember()
        let id = try animalID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path(id)) {
            try await body(id, form, person)
            return req.redirect(to: path(id), flash: .success, done)
        }
    }

    private static func animalID(_ req: Request) throws -> UUID {
        try req.uuidParameter("animalID", notFound: "animal_not_found", key: "ss.error.animal_not_found")
    }
}

struct AnimalView {
    let person: StaffMember
    let record: AnimalRecord
    let hasPhoto: Bool
    let enclosures: [(value: String, label: String)]
    let items: [StockItem]
    let today: LocalDay
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var animal: Animal { record.animal }
    private var path: String { AnimalPage.path(animal.id!) }
    private var canChange: Bool { [.doctor, .director].contains(person.role) }
    private var itemChoices: [(value: String, label: String)] { items.map { ($0.id!.uuidString.lowercased(), "\($0.name) (\($0.unit))") } }

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
                        l.text("ss.animal.status.\(animal.status)")
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
                    SelectField(name: "itemId", label: l.text("ss.field.food"), options: itemChoices).render(FormState(), l)
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
                        " — " + l.text("ss.movement_kind.\(m.kind)") + (m.note.isEmpty ? "" : ": \(m.note)")
                    }
                })
            }
            if canChange && animal.animalStatus != .dead {
                let kinds: [AnimalMovement.Kind] = animal.isHere ? [.adoption, .returnToOwner, .transfer, .death] : [.intake]
                Components.postForm(c, action: "\(path)/movements") {
                    SelectField(name: "kind", label: l.text("ss.field.movement"), options: kinds.map { ($0.rawValue, l.text("ss.movement_kind.\($0.rawValue)")) })
                        .render(FormState(), l)
                    FormField(name: "onDay", label: l.text("ss.field.day"), type: "date").render(FormState(values: ["onDay": today.description]), l)
                    FormField(name: "note", label: l.text("ss.field.note"), required: false, maxLength: AnimalService.textMaxLength).render(FormState(), l)
                    Components.primaryButton(l.text("ss.animal.record_movement"))
                }
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
