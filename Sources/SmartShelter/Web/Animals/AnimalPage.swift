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
        web.post("animals", ":animalID", "listing", use: setListing)
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
        return try MultipartUpload.answer(response, to: req)
    }

    static func path(_ id: UUID) -> String { "\(AnimalsPage.path)/\(id.uuidString.lowercased())" }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let record = try await req.shelter.animals.record(try animalID(req), for: person)
        let items = try await req.shelter.warehouse.itemsByName(for: person)
        let hasPhoto = try await req.shelter.photos.withPhotos([record.animal.id!]).contains(record.animal.id!)
        // The people a movement may name (a fosterer, an adopter): theirs who record movements.
        let people = [.doctor, .director].contains(person.role) ? try await req.shelter.people.list(for: person) : []
        return req.render(AnimalView(person: person, record: record, hasPhoto: hasPhoto, enclosures: try await AnimalsPage.enclosureChoices(req, person), items: items,
                                     people: people, today: LocalDay(req.kernel.clock.now, in: person.timeZone), c: req.viewContext(for: person.account)).page)
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
            _ = try await req.shelter.animals.recordMovement(of: id, kind: form["kind"], on: form["onDay"], note: form["note"],
                                                             personID: form["personId"].flatMap { $0.isEmpty ? nil : $0 }, by: person)
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

    static func setListing(_ req: Request) async throws -> Response {
        try await change(req, done: "ss.adopt.listing_saved") { id, form, person in
            _ = try await req.shelter.listing.set(id, listed: form["public"].map { $0 == "true" }, description: form["publicDescription"], by: person)
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
