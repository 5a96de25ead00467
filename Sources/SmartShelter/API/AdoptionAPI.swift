import Foundation
import Kernel
import Vapor

/// `/shelter/api/v1/adoption-applications`: anyone applies (no token); doctors and the
/// director read, review and decide.
enum AdoptionAPI {
    typealias M = SSModels

    static func register(on api: any RoutesBuilder) {
        api.post("adoption-applications", use: apply)
        api.get("adoption-applications", use: list)
        api.get("adoption-applications", ":applicationID", use: application)
        api.put("adoption-applications", ":applicationID", "review", use: review)
        api.put("adoption-applications", ":applicationID", "decision", use: decide)
    }

    static func apply(_ req: Request) async throws -> Response {
        let input = try req.content.decode(M.NewApplication.self)
        let application = try await req.shelter.applications.apply(input.input, language: req.viewContext.language, address: req.clientAddress)
        return try await M.ApplicationReceipt(id: application.id!, status: application.status).encodeResponse(status: .created, for: req)
    }

    static func list(_ req: Request) async throws -> [M.ApplicationDTO] {
        let person = try await req.staffMember()
        var status: AdoptionApplication.Status?
        if let typed = req.query[String.self, at: "status"] {
            guard let known = AdoptionApplication.Status(rawValue: typed) else {
                throw AppError.validation([FieldError(field: "status", key: "ss.validation.choice")])
            }
            status = known
        }
        return try await req.shelter.applications.list(for: person, status: status).map(M.ApplicationDTO.init)
    }

    static func application(_ req: Request) async throws -> M.ApplicationDTO {
        let person = try await req.staffMember()
        return M.ApplicationDTO(try await req.shelter.applications.find(try applicationID(req), for: person))
    }

    static func review(_ req: Request) async throws -> M.ApplicationDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ApplicationReview.self)
        return M.ApplicationDTO(try await req.shelter.applications.review(try applicationID(req), notes: input.notes, visitBy: input.homeVisitBy,
                                                                           visitOn: input.homeVisitOn, by: person))
    }

    static func decide(_ req: Request) async throws -> M.ApplicationDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ApplicationDecision.self)
        return M.ApplicationDTO(try await req.shelter.applications.decide(try applicationID(req), approve: input.approve, reason: input.reason, by: person))
    }

    static func applicationID(_ req: Request) throws -> UUID {
        try req.uuidParameter("applicationID", notFound: "application_not_found", key: "ss.adopt.not_found")
    }
}

extension SSModels {
    struct NewApplication: Content {
        let animalId: String?
        let name: String?
        let phone: String?
        let email: String?
        let home: String?

        var input: ApplicationInput { ApplicationInput(animalID: animalId, name: name, phone: phone, email: email, home: home) }
    }

    /// What the applicant gets back: the application's id and that it waits for staff.
    struct ApplicationReceipt: Content {
        let id: UUID
        let status: String
    }

    struct ApplicationReview: Content {
        let notes: String?
        /// A member of staff to visit the applicant's home (a task is given to them).
        let homeVisitBy: String?
        let homeVisitOn: String?
    }

    struct ApplicationDecision: Content {
        let approve: Bool?
        let reason: String?
    }

    struct DoNotAdoptWarning: Content {
        let personId: UUID
        let name: String
        let reason: String
    }

    struct ApplicationDTO: Content {
        let id: UUID
        let animalId: UUID
        let animalName: String
        let name: String
        /// `380XXXXXXXXX`.
        let phone: String
        let email: String
        let home: String
        /// `pending`, `approved` or `rejected`.
        let status: String
        let notes: String
        let reason: String
        let homeVisitTaskId: UUID?
        let personId: UUID?
        let decidedBy: UUID?
        let decidedAt: Date?
        /// Set once a rejected application's personal data was removed.
        let personalDataRemovedAt: Date?
        let createdAt: Date
        /// Do-not-adopt records with the applicant's phone or e-mail.
        let warnings: [DoNotAdoptWarning]

        init(_ row: ApplicationRow) {
            let a = row.application
            id = a.id!
            animalId = a.animalID
            animalName = row.animalName
            name = a.name
            phone = a.phone
            email = a.email
            home = a.home
            status = a.status
            notes = a.staffNotes
            reason = a.reason
            homeVisitTaskId = a.homeVisitTaskID
            personId = a.personID
            decidedBy = a.decidedBy
            decidedAt = a.decidedAt
            personalDataRemovedAt = a.dataRemovedAt
            createdAt = a.createdAt
            warnings = row.warnings.map { DoNotAdoptWarning(personId: $0.id!, name: $0.name, reason: $0.doNotAdoptReason) }
        }
    }
}
