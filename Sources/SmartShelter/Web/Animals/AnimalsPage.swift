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
        let enclosures = try await req.shelter.enclosures.names(for: person)
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

    static func enclosureChoices(_ req: Request, _ person: StaffMember) async throws -> [(value: String, label: String)] {
        try await req.shelter.enclosures.list(for: person).map { ($0.enclosure.id!.uuidString.lowercased(), $0.enclosure.name) }
    }
}
