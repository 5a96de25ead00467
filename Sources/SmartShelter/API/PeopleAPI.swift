import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1/people`: the people the shelter deals with (adopters, fosterers,
/// owners, finders), for doctors and the director.
enum PeopleAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.get("people", use: list)
        api.post("people", use: create)
        api.get("people", ":personID", use: person)
        api.put("people", ":personID", use: update)
    }

    static func list(_ req: Request) async throws -> [M.PersonDTO] {
        let staff = try await req.staffMember()
        return try await req.shelter.people.list(for: staff, search: req.query[String.self, at: "q"]).map(M.PersonDTO.init)
    }

    static func create(_ req: Request) async throws -> Response {
        let staff = try await req.staffMember()
        let input = try req.content.decode(M.PersonBody.self)
        return try await M.PersonDTO(try await req.shelter.people.create(input.input, by: staff)).encodeResponse(status: .created, for: req)
    }

    static func person(_ req: Request) async throws -> M.PersonDetailDTO {
        let staff = try await req.staffMember()
        return M.PersonDetailDTO(try await req.shelter.people.history(try personID(req), for: staff))
    }

    static func update(_ req: Request) async throws -> M.PersonDTO {
        let staff = try await req.staffMember()
        let id = try personID(req)
        let input = try req.content.decode(M.PersonBody.self)
        return M.PersonDTO(try await req.shelter.people.update(id, with: input.input, by: staff))
    }

    static func personID(_ req: Request) throws -> UUID {
        try req.uuidParameter("personID", notFound: "person_not_found", key: "ss.person.not_found")
    }
}

extension SSModels {
    struct PersonDTO: Content {
        let id: UUID
        let name: String
        /// `380XXXXXXXXX`, or empty.
        let phone: String
        let email: String
        /// `adopter`, `fosterer`, `owner` or `finder`.
        let kind: String
        let notes: String
        let doNotAdopt: Bool
        let doNotAdoptReason: String
        let createdAt: Date

        init(_ p: ShelterPerson) {
            id = p.id!
            name = p.name
            phone = p.phone
            email = p.email
            kind = p.kind
            notes = p.notes
            doNotAdopt = p.doNotAdopt
            doNotAdoptReason = p.doNotAdoptReason
            createdAt = p.createdAt
        }
    }

    /// A person with their history: the movements naming them and their applications.
    struct PersonDetailDTO: Content {
        let person: PersonDTO
        let movements: [PersonMovementDTO]
        let applications: [PersonApplicationDTO]

        init(_ h: PersonHistory) {
            person = PersonDTO(h.person)
            movements = h.movements.map { PersonMovementDTO(animalId: $0.movement.animalID, animalName: $0.animal, kind: $0.movement.kind,
                                                            onDay: $0.movement.onDay) }
            applications = h.applications.map { PersonApplicationDTO(id: $0.application.id!, animalId: $0.application.animalID,
                                                                     animalName: $0.animal, status: $0.application.status,
                                                                     createdAt: $0.application.createdAt) }
        }
    }

    struct PersonMovementDTO: Content {
        let animalId: UUID
        let animalName: String
        let kind: String
        let onDay: String
    }

    struct PersonApplicationDTO: Content {
        let id: UUID
        let animalId: UUID
        let animalName: String
        let status: String
        let createdAt: Date
    }

    /// A person as sent: every field as text or a flag (checked by `PeopleService`).
    struct PersonBody: Content {
        let name: String?
        let phone: String?
        let email: String?
        let kind: String?
        let notes: String?
        let doNotAdopt: Bool?
        let doNotAdoptReason: String?

        var input: PersonInput {
            PersonInput(name: name, phone: phone, email: email, kind: kind, notes: notes, doNotAdopt: doNotAdopt.map(String.init),
                        doNotAdoptReason: doNotAdoptReason)
        }
    }
}
