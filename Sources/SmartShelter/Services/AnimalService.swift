import Fluent
import Foundation
import Kernel
import SQLKit

/// An animal's whole record, as its page and the API show it.
public struct AnimalRecord: Sendable {
    public let animal: Animal
    public let enclosureName: String?
    public let movements: [AnimalMovement]
    public let moves: [EnclosureMove]
    /// Who made each move, by account id.
    public let moverNames: [UUID: String]
    public let weights: [Weighing]
    public let medical: MedicalHistory?
    public let meals: [MealPlan]
    /// The names of the people the movements were with (a fosterer, an adopter), by
    /// person id — for those who read people records, else empty.
    public let movementPeople: [UUID: String]
}

/// An animal as typed in a form or sent to the API (text, checked by `AnimalService`).
public struct AnimalInput: Sendable {
    public var name, species, breed, sex, bornOn, birthEstimated, description: String?
    public var intakeOn, intakeReason, enclosureID, weight: String?

    public init(name: String? = nil, species: String? = nil, breed: String? = nil, sex: String? = nil, bornOn: String? = nil,
                birthEstimated: String? = nil, description: String? = nil, intakeOn: String? = nil, intakeReason: String? = nil,
                enclosureID: String? = nil, weight: String? = nil) {
        self.name = name
        self.species = species
        self.breed = breed
        self.sex = sex
        self.bornOn = bornOn
        self.birthEstimated = birthEstimated
        self.description = description
        self.intakeOn = intakeOn
        self.intakeReason = intakeReason
        self.enclosureID = enclosureID
        self.weight = weight
    }
}

/// Animals: their records, their way in and out of the shelter (movements), their moves
/// between enclosures and their weights. Everyone on the staff reads them; the director
/// and doctors change them. Every change is in the audit trail.
public struct AnimalService: Sendable {
    public static let nameMaxLength = 80
    public static let textMaxLength = 2000
    /// The heaviest animal a shelter weighs, in kilograms (a typing slip is caught).
    public static let maxKilograms = 1000

    let context: ShelterContext
    var db: any Database { context.db }

    /// The animals in its care — here or in foster care — (or every one ever, `includeGone`), by name.
    public func list(for person: StaffMember, includeGone: Bool = false) async throws -> [Animal] {
        try context.authorize(person, [.doctor, .storekeeper])
        var query = Animal.query(on: db)
        if !includeGone { query = query.filter(\.$status ~~ [Animal.Status.inShelter.rawValue, Animal.Status.inFoster.rawValue]) }
        return try await query.all().sorted { person.collation.areInIncreasingOrder($0.name, $1.name) }
    }

    /// The animals living in each of `enclosures`, by name.
    func residents(of enclosures: Set<UUID>) async throws -> [UUID: [Animal]] {
        guard !enclosures.isEmpty else { return [:] }
        let animals = try await Animal.query(on: db).filter(\.$enclosureID ~~ enclosures).filter(\.$status == Animal.Status.inShelter.rawValue)
            .sort(\.$name).all()
        return Dictionary(grouping: animals) { $0.enclosureID! }
    }

    public func record(_ id: UUID, for person: StaffMember) async throws -> AnimalRecord {
        try context.authorize(person, [.doctor, .storekeeper])
        let animal = try await find(id)
        let enclosure = if let id = animal.enclosureID { try await Enclosure.find(id, on: db) } else { Enclosure?.none }
        async let movements = AnimalMovement.query(on: db).filter(\.$animalID == id).sort(\.$onDay, .descending).sort(\.$createdAt, .descending).all()
        async let moves = EnclosureMove.query(on: db).filter(\.$animalID == id).sort(\.$at, .descending).all()
        async let weights = Weighing.query(on: db).filter(\.$animalID == id).sort(\.$onDay).all()
        async let meals = MealPlan.query(on: db).filter(\.$animalID == id).sort(\.$minuteOfDay).all()
        // The medical history is the doctors' (and the director's).
        let medical = person.role == .storekeeper ? nil : try await context.medical.history(of: id)
        let moved = try await moves
        let steps = try await movements
        let people = try await movementPeople(steps, for: person)
        return AnimalRecord(animal: animal, enclosureName: enclosure?.name, movements: steps, moves: moved,
                            moverNames: try await Account.displayNames(of: moved.compactMap(\.actorID), on: db),
                            weights: try await weights, medical: medical, meals: try await meals, movementPeople: people)
    }

    /// Who the movements were with, for a person who may read people records.
    private func movementPeople(_ movements: [AnimalMovement], for person: StaffMember) async throws -> [UUID: String] {
        let ids = Set(movements.compactMap(\.personID))
        guard !ids.isEmpty, (try? context.authorize(person, PeopleService.readers)) != nil else { return [:] }
        let people = try await ShelterPerson.query(on: db).filter(\.$id ~~ ids).all()
        return Dictionary(uniqueKeysWithValues: people.compactMap { person in person.id.map { ($0, person.name) } })
    }

    /// Takes an animal in: its record, the intake movement, its first enclosure and weight.
    public func create(_ input: AnimalInput, by person: StaffMember) async throws -> Animal {
        try context.authorizeChange(person, [.doctor])
        let today = LocalDay(context.clock.now, in: person.timeZone)
        var v = Kernel.Validator()
        let animal = Animal()
        apply(input, to: animal, today: today, &v)
        let intake = v.day("intakeOn", input.intakeOn, notAfter: today)
        animal.intakeReason = v.text("intakeReason", input.intakeReason, required: false, maxLength: Self.textMaxLength) ?? ""
        let enclosureID = v.id("enclosureId", input.enclosureID)
        let grams = Self.grams("weight", input.weight, required: false, &v)
        try v.throwIfInvalid()
        if let enclosureID { _ = try await context.enclosures.find(enclosureID) }
        animal.intakeOn = intake!.description
        animal.status = Animal.Status.inShelter.rawValue
        animal.enclosureID = enclosureID
        animal.weightGrams = grams
        animal.createdAt = context.clock.now
        animal.listed = false
        animal.publicDescription = ""
        try await db.writeTransaction { db in
            try await animal.create(on: db)
            let id = try animal.requireID()
            try await context.audit.record("animal.create", entityType: "animal", entityID: Self.key(id), actor: person.id,
                                           after: AuditedAnimal(animal), on: db)
            try await addMovement(.intake, of: id, on: intake!, note: animal.intakeReason, by: person, on: db)
            try await MovementFacts.refresh(animal: id, on: db)
            if let enclosureID { try await addMove(of: id, from: nil, to: enclosureID, by: person, on: db) }
            if let grams { try await addWeighing(of: id, grams: grams, on: intake!, by: person, on: db) }
        }
        return animal
    }

    /// Corrects who the animal is (name, species, breed, sex, birth, description).
    public func update(_ id: UUID, with input: AnimalInput, by person: StaffMember) async throws -> Animal {
        try context.authorizeChange(person, [.doctor])
        let animal = try await find(id)
        let before = AuditedAnimal(animal)
        var v = Kernel.Validator()
        apply(input, to: animal, today: LocalDay(context.clock.now, in: person.timeZone), &v)
        try v.throwIfInvalid()
        let after = AuditedAnimal(animal)
        guard before != after else { return animal }
        try await db.writeTransaction { db in
            try await animal.save(on: db)
            try await context.audit.record("animal.update", entityType: "animal", entityID: Self.key(id), actor: person.id,
                                           before: before, after: after, on: db)
        }
        return animal
    }

    /// Records an intake, adoption, return to owner, transfer or death. An animal that is
    /// here may leave; one that left may come back (an intake), unless it died. Two people
    /// recording at once cannot both move it: the status changes by a conditional update.
    /// With `personID`, the person record it happens with (required for foster care).
    public func recordMovement(of id: UUID, kind typed: String?, on typedDay: String?, note typedNote: String?,
                               personID typedPerson: String? = nil, by person: StaffMember) async throws -> AnimalMovement {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let kind = v.choice("kind", typed, as: AnimalMovement.Kind.self)
        let day = v.day("onDay", typedDay, notAfter: LocalDay(context.clock.now, in: person.timeZone))
        let note = v.text("note", typedNote, required: false, maxLength: Self.textMaxLength) ?? ""
        let personID = v.id("personId", typedPerson, required: kind?.needsPerson ?? false)
        try v.throwIfInvalid()
        guard let kind, let day else { throw AppError.validation(v.errors) }
        if let personID { _ = try await context.people.find(personID) }
        let animal = try await find(id)
        return try await db.writeTransaction { db in
            try await recordMovement(kind, of: animal, on: day, note: note, personID: personID, by: person, on: db)
        }
    }

    /// The movement inside the caller's transaction (an approved adoption application
    /// records its adoption with the application's decision): the status changes by a
    /// conditional update, so of two at once only one moves the animal.
    func recordMovement(_ kind: AnimalMovement.Kind, of animal: Animal, on day: LocalDay, note: String, personID: UUID?,
                        by person: StaffMember, on db: any Database) async throws -> AnimalMovement {
        let id = try animal.requireID()
        // Anything but coming in takes it out of its enclosure (one back from foster care
        // is given an enclosure by a move, as a new one is).
        let leaves = kind.status != .inShelter
        var update = db.sql.update(Animal.schema).set("status", to: SQLBind(kind.status.rawValue))
        if leaves { update = update.set("enclosure_id", to: SQLLiteral.null) }
        let changed = try await update.where("id", .equal, SQLBind(id)).where("status", .in, SQLBind.group(kind.from.map(\.rawValue)))
            .returning("id").all()
        guard !changed.isEmpty else {
            throw AppError.conflict(code: "movement_not_possible", key: "ss.error.movement_not_possible")
        }
        if leaves, let enclosure = animal.enclosureID {
            try await addMove(of: id, from: enclosure, to: nil, by: person, on: db)
        }
        try await context.audit.record("animal.status", entityType: "animal", entityID: Self.key(id), actor: person.id,
                                       before: ["status": animal.status], after: ["status": kind.status.rawValue], on: db)
        let movement = try await addMovement(kind, of: id, on: day, note: note, personID: personID, by: person, on: db)
        try await MovementFacts.refresh(animal: id, on: db)
        return movement
    }

    /// Moves an animal that is here into another enclosure (or out of any, `nil`).
    public func move(_ id: UUID, to typedEnclosure: String?, by person: StaffMember) async throws -> Animal {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let target = v.id("enclosureId", typedEnclosure)
        try v.throwIfInvalid()
        if let target { _ = try await context.enclosures.find(target) }
        let animal = try await find(id)
        guard animal.isHere else { throw AppError.conflict(code: "animal_not_here", key: "ss.error.animal_not_here") }
        guard animal.enclosureID != target else { return animal }
        return try await db.writeTransaction { db in
            // Only from where it was when read: two moves at once do not both write history.
            var update = db.sql.update(Animal.schema).set("enclosure_id", to: SQLBind(target)).where("id", .equal, SQLBind(id))
                .where("status", .equal, SQLBind(Animal.Status.inShelter.rawValue))
            update = animal.enclosureID.map { update.where("enclosure_id", .equal, SQLBind($0)) } ?? update.where("enclosure_id", .is, SQLLiteral.null)
            guard try await !update.returning("id").all().isEmpty else {
                throw AppError.conflict(code: "animal_changed", key: "ss.error.animal_changed")
            }
            try await addMove(of: id, from: animal.enclosureID, to: target, by: person, on: db)
            return try await find(id, on: db)
        }
    }

    /// Records a weighing (kilograms, up to three decimals); a second one the same day
    /// replaces the first. The animal's weight is its newest weighing's.
    public func weigh(_ id: UUID, weight typed: String?, on typedDay: String?, by person: StaffMember) async throws -> Weighing {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let grams = Self.grams("weight", typed, required: true, &v)
        let day = v.day("onDay", typedDay, notAfter: LocalDay(context.clock.now, in: person.timeZone))
        try v.throwIfInvalid()
        guard let grams, let day else { throw AppError.validation(v.errors) }
        _ = try await find(id)
        return try await db.writeTransaction { db in try await addWeighing(of: id, grams: grams, on: day, by: person, on: db) }
    }

    // MARK: Parts

    private func apply(_ input: AnimalInput, to animal: Animal, today: LocalDay, _ v: inout Kernel.Validator) {
        animal.name = v.text("name", input.name, maxLength: Self.nameMaxLength) ?? ""
        animal.species = (v.choice("species", input.species, as: Animal.Species.self) ?? .other).rawValue
        animal.breed = v.text("breed", input.breed, required: false, maxLength: Self.nameMaxLength) ?? ""
        animal.sex = (v.choice("sex", input.sex, as: Animal.Sex.self, default: .unknown) ?? .unknown).rawValue
        animal.bornOn = v.day("bornOn", input.bornOn, required: false, notAfter: today)?.description
        animal.birthEstimated = Kernel.Validator.flag(input.birthEstimated)
        animal.description = v.text("description", input.description, required: false, maxLength: Self.textMaxLength) ?? ""
    }

    @discardableResult
    private func addMovement(_ kind: AnimalMovement.Kind, of id: UUID, on day: LocalDay, note: String, personID: UUID? = nil,
                             by person: StaffMember, on db: any Database) async throws -> AnimalMovement {
        let movement = AnimalMovement()
        movement.personID = personID
        movement.animalID = id
        movement.kind = kind.rawValue
        movement.onDay = day.description
        movement.note = note
        movement.actorID = person.id
        movement.createdAt = context.clock.now
        try await movement.create(on: db)
        return movement
    }

    private func addMove(of id: UUID, from: UUID?, to: UUID?, by person: StaffMember, on db: any Database) async throws {
        let move = EnclosureMove()
        move.animalID = id
        move.fromEnclosureID = from
        move.toEnclosureID = to
        move.actorID = person.id
        move.at = context.clock.now
        try await move.create(on: db)
        try await context.audit.record("animal.move", entityType: "animal", entityID: Self.key(id), actor: person.id,
                                       before: ["enclosure": from.map(Self.key) ?? ""], after: ["enclosure": to.map(Self.key) ?? ""], on: db)
    }

    @discardableResult
    private func addWeighing(of id: UUID, grams: Int, on day: LocalDay, by person: StaffMember, on db: any Database) async throws -> Weighing {
        let existing = try await Weighing.query(on: db).filter(\.$animalID == id).filter(\.$onDay == day.description).first()
        let weighing = existing ?? Weighing()
        let before = existing?.grams
        weighing.animalID = id
        weighing.onDay = day.description
        weighing.grams = grams
        weighing.actorID = person.id
        weighing.createdAt = context.clock.now
        try await weighing.save(on: db)
        let newest = try await Weighing.query(on: db).filter(\.$animalID == id).sort(\.$onDay, .descending).first()
        try await db.sql.update(Animal.schema).set("weight_grams", to: SQLBind(newest?.grams)).where("id", .equal, SQLBind(id)).run()
        try await context.audit.record("animal.weight", entityType: "animal", entityID: Self.key(id), actor: person.id,
                                       before: before.map { ["day": day.description, "grams": String($0)] },
                                       after: ["day": day.description, "grams": String(grams)], on: db)
        return weighing
    }

    func find(_ id: UUID, on database: (any Database)? = nil) async throws -> Animal {
        guard let animal = try await Animal.find(id, on: database ?? db) else { throw Self.notFound }
        return animal
    }

    static let notFound = AppError.notFound(code: "animal_not_found", key: "ss.error.animal_not_found")

    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// Kilograms as typed ("4,25") to whole grams: more than 0, at most `maxKilograms`.
    static func grams(_ field: String, _ typed: String?, required: Bool, _ v: inout Kernel.Validator) -> Int? {
        guard let typed, !typed.trimmingCharacters(in: .whitespaces).isEmpty else {
            if required { v.add(field, "validation.required") }
            return nil
        }
        guard let quantity = Quantity(typed: typed), quantity.milli > 0, quantity.milli <= Int64(maxKilograms) * 1000 else {
            v.add(field, "ss.validation.weight", ["max": String(maxKilograms)])
            return nil
        }
        return Int(quantity.milli)
    }
}

/// What the audit trail keeps of an animal's record.
struct AuditedAnimal: Codable, Sendable, Equatable {
    let name, species, breed, sex, description: String
    let bornOn: String?
    let birthEstimated: Bool

    init(_ animal: Animal) {
        name = animal.name
        species = animal.species
        breed = animal.breed
        sex = animal.sex
        description = animal.description
        bornOn = animal.bornOn
        birthEstimated = animal.birthEstimated
    }
}
