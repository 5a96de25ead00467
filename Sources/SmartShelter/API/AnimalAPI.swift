import Fluent
import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1`: animals, their medical records and their feeding.
enum AnimalAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.get("animals", use: animals)
        api.post("animals", use: createAnimal)
        api.get("animals", ":animalID", use: animal)
        api.put("animals", ":animalID", use: updateAnimal)
        api.post("animals", ":animalID", "movements", use: recordMovement)
        api.put("animals", ":animalID", "enclosure", use: moveAnimal)
        api.put("animals", ":animalID", "listing", use: setListing)
        api.post("animals", ":animalID", "weights", use: weigh)
        api.post("animals", ":animalID", "diseases", use: addDisease)
        api.put("diseases", ":diseaseID", "end", use: endDisease)
        api.post("animals", ":animalID", "treatments", use: treat)
        api.post("animals", ":animalID", "regimens", use: addRegimen)
        api.post("regimens", ":regimenID", "doses", use: giveDose)
        api.get("doses", "due", use: dueDoses)
        api.post("animals", ":animalID", "meals", use: addMeal)
        api.delete("meals", ":mealID", use: removeMeal)
        api.get("feeding", use: feeding)
        api.post("enclosures", ":enclosureID", "refills", use: refill)
        PhotoAPI.register(on: api)
    }

    // MARK: Animals

    static func animals(_ req: Request) async throws -> [M.AnimalDTO] {
        let all = (try? req.query.get(Bool.self, at: "all")) ?? false
        return try await req.shelter.animals.list(for: try await req.staffMember(), includeGone: all).map(M.AnimalDTO.init)
    }

    static func createAnimal(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.AnimalInputBody.self)
        let animal = try await req.shelter.animals.create(input.input, by: person)
        return try await M.AnimalDTO(animal).created(at: "\(SmartShelter.descriptor.apiPath)/animals/\(AnimalService.key(animal.id!))", for: req)
    }

    static func animal(_ req: Request) async throws -> M.AnimalRecordDTO {
        let person = try await req.staffMember()
        return M.AnimalRecordDTO(try await req.shelter.animals.record(try animalID(req), for: person))
    }

    static func updateAnimal(_ req: Request) async throws -> M.AnimalDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.AnimalInputBody.self)
        return M.AnimalDTO(try await req.shelter.animals.update(try animalID(req), with: input.input, by: person))
    }

    static func recordMovement(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewMovement.self)
        let movement = try await req.shelter.animals.recordMovement(of: try animalID(req), kind: input.kind, on: input.onDay, note: input.note,
                                                                    personID: input.personId, by: person)
        return try await M.AnimalMovementDTO(movement).encodeResponse(status: .created, for: req)
    }

    static func moveAnimal(_ req: Request) async throws -> M.AnimalDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.EnclosureChoice.self)
        return M.AnimalDTO(try await req.shelter.animals.move(try animalID(req), to: input.enclosureId, by: person))
    }

    static func setListing(_ req: Request) async throws -> M.AnimalDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ListingBody.self)
        return M.AnimalDTO(try await req.shelter.listing.set(try animalID(req), listed: input.public, description: input.publicDescription, by: person))
    }

    static func weigh(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewWeighing.self)
        let weighing = try await req.shelter.animals.weigh(try animalID(req), weight: input.weight?.text, on: input.onDay, by: person)
        return try await M.WeighingDTO(weighing).encodeResponse(status: .created, for: req)
    }

    // MARK: Medical

    static func addDisease(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewDisease.self)
        let disease = try await req.shelter.medical.addDisease(to: try animalID(req), name: input.name, symptoms: input.symptoms,
                                                              startedOn: input.startedOn, by: person)
        return try await M.DiseaseDTO(disease).encodeResponse(status: .created, for: req)
    }

    static func endDisease(_ req: Request) async throws -> M.DiseaseDTO {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("diseaseID", notFound: "disease_not_found", key: "ss.error.disease_not_found")
        let input = try req.content.decode(M.DiseaseEnd.self)
        return M.DiseaseDTO(try await req.shelter.medical.endDisease(id, on: input.endedOn, by: person))
    }

    static func treat(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewTreatment.self)
        let treatment = try await req.shelter.medical.treat(try animalID(req), kind: input.kind, diseaseID: input.diseaseId, notes: input.notes,
                                                          supplies: input.supplyInputs, by: person)
        return try await treatmentResponse(treatment, req)
    }

    static func addRegimen(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewRegimen.self)
        let regimen = try await req.shelter.medical.addRegimen(to: try animalID(req), kind: input.kind, name: input.name, firstDue: input.dueOn,
                                                              everyDays: input.everyDays?.text, by: person)
        return try await M.RegimenDTO(regimen).encodeResponse(status: .created, for: req)
    }

    static func giveDose(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("regimenID", notFound: "regimen_not_found", key: "ss.error.regimen_not_found")
        let input = try req.content.decode(M.NewDose.self)
        let treatment = try await req.shelter.medical.giveDose(of: id, notes: input.notes, supplies: input.supplyInputs, by: person)
        return try await treatmentResponse(treatment, req)
    }

    static func dueDoses(_ req: Request) async throws -> [M.DueDoseDTO] {
        try await req.shelter.medical.due(for: try await req.staffMember()).map(M.DueDoseDTO.init)
    }

    private static func treatmentResponse(_ treatment: Treatment, _ req: Request) async throws -> Response {
        let supplies = try await TreatmentSupply.query(on: req.db).filter(\.$treatmentID == treatment.id!).all()
        return try await M.TreatmentDTO(treatment, supplies: supplies).encodeResponse(status: .created, for: req)
    }

    // MARK: Feeding

    static func addMeal(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewMeal.self)
        let meal = try await req.shelter.feeding.addMeal(to: try animalID(req), time: input.time, itemID: input.itemId, amount: input.amount?.text, by: person)
        return try await M.MealDTO(meal).encodeResponse(status: .created, for: req)
    }

    static func removeMeal(_ req: Request) async throws -> HTTPStatus {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("mealID", notFound: "meal_not_found", key: "ss.error.meal_not_found")
        try await req.shelter.feeding.removeMeal(id, by: person)
        return .noContent
    }

    static func feeding(_ req: Request) async throws -> [M.FeedingRoundDTO] {
        try await req.shelter.feeding.rounds(for: try await req.staffMember()).map(M.FeedingRoundDTO.init)
    }

    static func refill(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
        let input = try req.content.decode(M.NewRefill.self)
        let refill = try await req.shelter.feeding.refill(id, kind: input.kind, itemID: input.itemId, amount: input.amount?.text,
                                                          meal: input.meal, by: person)
        return try await M.RefillDTO(refill).encodeResponse(status: .created, for: req)
    }

    private static func animalID(_ req: Request) throws -> UUID {
        try req.uuidParameter("animalID", notFound: "animal_not_found", key: "ss.error.animal_not_found")
    }
}

/// `/shelter/api/v1/animals/{animalID}/photo`: upload (multipart: `photo`, `thumbnail`) and
/// the two images.
enum PhotoAPI {
    struct Upload: Content {
        let photo: File?
        let thumbnail: File?
    }

    static func register(on api: any RoutesBuilder) {
        api.on(.PUT, "animals", ":animalID", "photo", body: .collect(maxSize: "6mb"), use: upload)
        api.get("animals", ":animalID", "photo", use: photo)
        api.get("animals", ":animalID", "photo", "thumbnail", use: thumbnail)
    }

    static func upload(_ req: Request) async throws -> SSModels.PhotoDTO {
        let person = try await req.staffMember()
        guard req.headers.contentType?.type == "multipart" else {
            throw AppError(.unsupportedMediaType, code: "multipart_expected", key: "ss.error.multipart_expected")
        }
        let input = try decodeUpload(req)
        let stored = try await req.shelter.photos.upload(to: try animalID(req), photo: input.photo.map { Array($0.data.readableBytesView) },
                                                         thumbnail: input.thumbnail.map { Array($0.data.readableBytesView) }, by: person)
        return SSModels.PhotoDTO(stored)
    }

    /// The multipart body's two parts; a body that is not well-formed multipart (no parts,
    /// a broken boundary, a header name the parser would trap on) is the client's mistake:
    /// a 400 (`MultipartUpload`).
    static func decodeUpload(_ req: Request) throws -> Upload {
        try MultipartUpload.decode(Upload.self, from: req, key: "ss.error.multipart_expected")
    }

    static func photo(_ req: Request) async throws -> Response {
        try await serve(req, thumbnail: false)
    }

    static func thumbnail(_ req: Request) async throws -> Response {
        try await serve(req, thumbnail: true)
    }

    /// The image's bytes, private to the signed-in staff, revalidated by its digest. The web
    /// pages use these handlers too (a session signs in as well as a token).
    private static func serve(_ req: Request, thumbnail: Bool) async throws -> Response {
        let person = try await req.staffMember()
        let image = try await req.shelter.photos.image(of: try animalID(req), thumbnail: thumbnail, for: person)
        return PrivateImage.response(contentType: image.contentType, bytes: image.bytes, etag: image.etag, for: req)
    }

    private static func animalID(_ req: Request) throws -> UUID {
        try req.uuidParameter("animalID", notFound: "animal_not_found", key: "ss.error.animal_not_found")
    }
}

extension SSModels {
    struct PhotoDTO: Content {
        let contentType: String
        let width: Int
        let height: Int
        let bytes: Int
        let uploadedAt: Date

        init(_ p: AnimalPhoto) {
            contentType = p.contentType
            width = p.width
            height = p.height
            bytes = p.data.count
            uploadedAt = p.uploadedAt
        }
    }
}
