import Fluent
import Foundation
import Kernel
import SQLKit

/// A person as typed in a form or sent to the API (text, checked by `PeopleService`).
public struct PersonInput: Sendable {
    public var name, phone, email, kind, notes, doNotAdopt, doNotAdoptReason: String?

    public init(name: String? = nil, phone: String? = nil, email: String? = nil, kind: String? = nil, notes: String? = nil,
                doNotAdopt: String? = nil, doNotAdoptReason: String? = nil) {
        self.name = name
        self.phone = phone
        self.email = email
        self.kind = kind
        self.notes = notes
        self.doNotAdopt = doNotAdopt
        self.doNotAdoptReason = doNotAdoptReason
    }
}

/// A person with their history with the shelter: the animals that left with them or came
/// back from them (movements naming them), and their applications to adopt.
public struct PersonHistory: Sendable {
    public let person: ShelterPerson
    public let movements: [(movement: AnimalMovement, animal: String)]
    public let applications: [(application: AdoptionApplication, animal: String)]
}

/// The people the shelter deals with outside its staff — adopters, fosterers, owners,
/// finders. Their contact details are personal data: doctors and the director read and
/// keep them (the storekeeper does not). A do-not-adopt flag needs its reason, which
/// warns staff at the person's next application (`ApplicationService`).
public struct PeopleService: Sendable {
    public static let nameMaxLength = 80
    public static let textMaxLength = 2000
    /// The most people a list shows: a search narrows it.
    public static let listLimit = 200
    /// Who reads people records: doctors and the director (personal data, not the warehouse's).
    public static let readers: Set<ShelterRole> = [.doctor]

    let context: ShelterContext
    var db: any Database { context.db }

    /// By name; with `search`, those whose name, phone or e-mail holds it (in any case: a
    /// shelter keeps hundreds of people, not millions, so they are matched here, where
    /// Cyrillic letters compare without regard to case as they do not in SQL's LIKE).
    public func list(for person: StaffMember, search: String? = nil) async throws -> [ShelterPerson] {
        try context.authorize(person, Self.readers)
        let all = try await ShelterPerson.query(on: db).all()
        let words = (search ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let digits = words.filter(\.isNumber)
        let found = words.isEmpty ? all : all.filter { record in
            record.name.lowercased().contains(words) || (!record.email.isEmpty && record.email.contains(words))
                || (digits.count >= 3 && record.phone.contains(digits))
        }
        return Array(found.sorted { person.collation.areInIncreasingOrder($0.name, $1.name) }.prefix(Self.listLimit))
    }

    public func create(_ input: PersonInput, by staff: StaffMember) async throws -> ShelterPerson {
        try context.authorizeChange(staff, [.doctor])
        let record = ShelterPerson()
        record.createdAt = context.clock.now
        try apply(input, to: record)
        try await db.writeTransaction { db in
            try await record.create(on: db)
            try await context.audit.record("person.create", entityType: "person", entityID: AnimalService.key(record.requireID()), actor: staff.id,
                                           after: Self.facts(record), on: db)
        }
        return record
    }

    public func update(_ id: UUID, with input: PersonInput, by staff: StaffMember) async throws -> ShelterPerson {
        try context.authorizeChange(staff, [.doctor])
        let record = try await find(id)
        let before = Self.facts(record)
        try apply(input, to: record)
        try await db.writeTransaction { db in
            try await record.save(on: db)
            try await context.audit.record("person.update", entityType: "person", entityID: AnimalService.key(id), actor: staff.id,
                                           before: before, after: Self.facts(record), on: db)
        }
        return record
    }

    public func history(_ id: UUID, for staff: StaffMember) async throws -> PersonHistory {
        try context.authorize(staff, Self.readers)
        let record = try await find(id)
        let movements = try await AnimalMovement.query(on: db).filter(\.$personID == id).sort(\.$onDay, .descending).all()
        let applications = try await AdoptionApplication.query(on: db).filter(\.$personID == id).sort(\.$createdAt, .descending).all()
        let animalIDs = Set(movements.map(\.animalID) + applications.map(\.animalID))
        let names = animalIDs.isEmpty ? [:] : Dictionary(try await Animal.query(on: db).filter(\.$id ~~ animalIDs).all().map { ($0.id!, $0.name) }) { a, _ in a }
        return PersonHistory(person: record, movements: movements.map { ($0, names[$0.animalID] ?? "") },
                             applications: applications.map { ($0, names[$0.animalID] ?? "") })
    }

    func find(_ id: UUID) async throws -> ShelterPerson {
        guard let record = try await ShelterPerson.find(id, on: db) else { throw Self.notFound }
        return record
    }

    /// Checks everything typed; a do-not-adopt flag needs its reason, and clearing the flag
    /// clears the reason.
    private func apply(_ input: PersonInput, to record: ShelterPerson) throws {
        var v = Kernel.Validator()
        let name = v.text("name", input.name, maxLength: Self.nameMaxLength)
        let typedPhone = input.phone?.trimmingCharacters(in: .whitespaces) ?? ""
        let phone = typedPhone.isEmpty ? "" : ApplicationService.phone("phone", typedPhone, &v)
        let typedEmail = input.email?.trimmingCharacters(in: .whitespaces) ?? ""
        let email = typedEmail.isEmpty ? "" : v.email("email", typedEmail)
        let kind = v.choice("kind", input.kind, as: ShelterPerson.Kind.self)
        let notes = v.text("notes", input.notes, required: false, maxLength: Self.textMaxLength) ?? ""
        let doNotAdopt = ["true", "1", "on"].contains(input.doNotAdopt ?? "")
        let reason = v.text("doNotAdoptReason", input.doNotAdoptReason, required: doNotAdopt, maxLength: Self.textMaxLength) ?? ""
        if phone == "", email == "", typedPhone.isEmpty, typedEmail.isEmpty { v.add("phone", "ss.person.contact_required") }
        try v.throwIfInvalid()
        guard let name, let phone, let email, let kind else { throw AppError.validation(v.errors) }
        record.name = name
        record.phone = phone
        record.email = email.lowercased()
        record.kind = kind.rawValue
        record.notes = notes
        record.doNotAdopt = doNotAdopt
        record.doNotAdoptReason = doNotAdopt ? reason : ""
    }

    private static func facts(_ record: ShelterPerson) -> [String: String] {
        ["name": record.name, "kind": record.kind, "doNotAdopt": String(record.doNotAdopt)]
    }

    static let notFound = AppError.notFound(code: "person_not_found", key: "ss.person.not_found")
}
