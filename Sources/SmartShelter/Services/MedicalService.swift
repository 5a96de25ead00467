import Fluent
import Foundation
import Kernel
import SQLKit

/// An animal's medical history: its diseases, the treatments given (newest first, with the
/// supplies each took) and its vaccinations and regimens.
public struct MedicalHistory: Sendable {
    public let diseases: [Disease]
    public let treatments: [Treatment]
    public let supplies: [UUID: [TreatmentSupply]]
    public let regimens: [Regimen]
}

/// A dose that is due: the regimen, its animal, and whether its day has passed.
public struct DueDose: Sendable {
    public let regimen: Regimen
    public let animal: Animal
    public let isOverdue: Bool
}

/// A supply a treatment takes from the warehouse, as typed.
public struct SupplyInput: Sendable {
    public var itemID: String?
    public var amount: String?

    public init(itemID: String?, amount: String?) {
        self.itemID = itemID
        self.amount = amount
    }
}

/// Medical records, the doctors' (and the director's): diseases, treatments whose supplies
/// leave the warehouse in the same transaction (all of them or, when one is short, none,
/// and no treatment either), and vaccinations and regimens with the list of doses due.
public struct MedicalService: Sendable {
    public static let nameMaxLength = 120
    public static let textMaxLength = 2000
    /// At most this many supplies in one treatment.
    public static let maxSupplies = 10
    public static let maxEveryDays = 3650

    let context: ShelterContext
    var db: any Database { context.db }

    func history(of animalID: UUID) async throws -> MedicalHistory {
        async let diseases = Disease.query(on: db).filter(\.$animalID == animalID).sort(\.$startedOn, .descending).all()
        async let treatments = Treatment.query(on: db).filter(\.$animalID == animalID).sort(\.$givenAt, .descending).limit(200).all()
        async let regimens = Regimen.query(on: db).filter(\.$animalID == animalID).sort(\.$createdAt).all()
        let given = try await treatments
        let ids = given.compactMap(\.id)
        let supplies = ids.isEmpty ? [] : try await TreatmentSupply.query(on: db).filter(\.$treatmentID ~~ ids).all()
        return MedicalHistory(diseases: try await diseases, treatments: given, supplies: Dictionary(grouping: supplies, by: \.treatmentID),
                              regimens: try await regimens)
    }

    /// The open diseases of `animals`, for the alarms that name them.
    func openDiseases(of animals: [UUID]) async throws -> [UUID: [Disease]] {
        guard !animals.isEmpty else { return [:] }
        let open = try await Disease.query(on: db).filter(\.$animalID ~~ animals).filter(\.$endedOn == nil).all()
        return Dictionary(grouping: open, by: \.animalID)
    }

    public func addDisease(to animalID: UUID, name: String?, symptoms: String?, startedOn: String?, by person: StaffMember) async throws -> Disease {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let symptoms = v.text("symptoms", symptoms, required: false, maxLength: Self.textMaxLength) ?? ""
        let started = v.day("startedOn", startedOn, notAfter: today(person))
        try v.throwIfInvalid()
        _ = try await context.animals.find(animalID)
        let disease = Disease()
        disease.animalID = animalID
        disease.name = name!
        disease.symptoms = symptoms
        disease.startedOn = started!.description
        disease.actorID = person.id
        disease.createdAt = context.clock.now
        try await db.writeTransaction { db in
            try await disease.create(on: db)
            // An animal under treatment is off the public adoption list until staff decide
            // to show it again.
            try await db.sql.update(Animal.schema).set("listed", to: SQLBind(false)).where("id", .equal, SQLBind(animalID)).run()
            try await context.audit.record("disease.create", entityType: "animal", entityID: AnimalService.key(animalID), actor: person.id,
                                           after: ["disease": name!, "started": disease.startedOn, "symptoms": symptoms], on: db)
        }
        return disease
    }

    /// The animal is well again: the disease ends on a day not before it began (once).
    public func endDisease(_ id: UUID, on typedDay: String?, by person: StaffMember) async throws -> Disease {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let day = v.day("endedOn", typedDay, notAfter: today(person))
        try v.throwIfInvalid()
        guard let disease = try await Disease.find(id, on: db) else { throw Self.diseaseNotFound }
        guard disease.isOpen else { throw AppError.conflict(code: "disease_ended", key: "ss.error.disease_ended") }
        guard day!.description >= disease.startedOn else {
            throw AppError.validation([FieldError(field: "endedOn", key: "ss.validation.end_before_start")])
        }
        return try await db.writeTransaction { db in
            let changed = try await db.sql.update(Disease.schema).set("ended_on", to: SQLBind(day!.description))
                .where("id", .equal, SQLBind(id)).where("ended_on", .is, SQLLiteral.null).returning("id").all()
            guard !changed.isEmpty else { throw AppError.conflict(code: "disease_ended", key: "ss.error.disease_ended") }
            try await context.audit.record("disease.end", entityType: "animal", entityID: AnimalService.key(disease.animalID), actor: person.id,
                                           before: ["disease": disease.name, "ended": ""], after: ["disease": disease.name, "ended": day!.description], on: db)
            disease.endedOn = day!.description
            return disease
        }
    }

    /// Records a treatment, for one of the animal's diseases or none, and takes its
    /// supplies from the warehouse in the same transaction.
    public func treat(_ animalID: UUID, kind typedKind: String?, diseaseID typedDisease: String?, notes: String?, supplies: [SupplyInput],
                      by person: StaffMember) async throws -> Treatment {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let kind = v.choice("kind", typedKind, as: Treatment.Kind.self)
        let diseaseID = v.id("diseaseId", typedDisease)
        let notes = v.text("notes", notes, required: false, maxLength: Self.textMaxLength) ?? ""
        let parsed = Self.supplies(supplies, &v)
        try v.throwIfInvalid()
        _ = try await context.animals.find(animalID)
        if let diseaseID {
            guard let disease = try await Disease.find(diseaseID, on: db), disease.animalID == animalID else { throw Self.diseaseNotFound }
        }
        return try await db.writeTransaction { db in
            try await give(kind!, to: animalID, disease: diseaseID, regimen: nil, notes: notes, supplies: parsed, by: person, on: db)
        }
    }

    // MARK: Vaccinations and regimens

    public func addRegimen(to animalID: UUID, kind typedKind: String?, name: String?, firstDue: String?, everyDays: String?,
                           by person: StaffMember) async throws -> Regimen {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let kind = v.choice("kind", typedKind, as: Regimen.Kind.self)
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let due = v.day("dueOn", firstDue)
        let every = Self.every(everyDays, &v)
        try v.throwIfInvalid()
        _ = try await context.animals.find(animalID)
        let regimen = Regimen()
        regimen.animalID = animalID
        regimen.kind = kind!.rawValue
        regimen.name = name!
        regimen.everyDays = every
        regimen.dueOn = due!.description
        regimen.actorID = person.id
        regimen.createdAt = context.clock.now
        try await db.writeTransaction { db in
            try await regimen.create(on: db)
            try await context.audit.record("regimen.create", entityType: "animal", entityID: AnimalService.key(animalID), actor: person.id,
                                           after: ["regimen": name!, "kind": kind!.rawValue, "due": regimen.dueOn ?? "", "every": every.map(String.init) ?? ""], on: db)
        }
        return regimen
    }

    /// Gives the dose that is due: a treatment (with its supplies) and the next due day,
    /// `every_days` from today, or none for a single dose. At most one dose a day: the due
    /// day moves by a conditional update that also refuses a regimen given today, so a dose
    /// sent twice at once (a double tap, a retry) is given once.
    public func giveDose(of regimenID: UUID, notes: String?, supplies: [SupplyInput], by person: StaffMember) async throws -> Treatment {
        try context.authorizeChange(person, [.doctor])
        var v = Kernel.Validator()
        let notes = v.text("notes", notes, required: false, maxLength: Self.textMaxLength) ?? ""
        let parsed = Self.supplies(supplies, &v)
        try v.throwIfInvalid()
        guard let regimen = try await Regimen.find(regimenID, on: db) else { throw Self.regimenNotFound }
        guard let due = regimen.dueOn else { throw AppError.conflict(code: "regimen_done", key: "ss.error.regimen_done") }
        let today = today(person)
        let next = regimen.everyDays.map { today.adding(days: $0).description }
        return try await db.writeTransaction { db in
            let changed = try await db.sql.update(Regimen.schema).set("due_on", to: SQLBind(next)).set("last_given_on", to: SQLBind(today.description))
                .where("id", .equal, SQLBind(regimenID)).where("due_on", .equal, SQLBind(due))
                // One dose a day: a request that read the regimen after another gave today's
                // dose would otherwise see the moved due day and give a second one.
                .where { $0.where("last_given_on", .is, SQLLiteral.null).orWhere("last_given_on", .notEqual, SQLBind(today.description)) }
                .returning("id").all()
            guard !changed.isEmpty else { throw AppError.conflict(code: "dose_given", key: "ss.error.dose_given") }
            let kind: Treatment.Kind = regimen.regimenKind == .vaccination ? .vaccination : .medication
            return try await give(kind, to: regimen.animalID, disease: nil, regimen: regimenID,
                                  notes: notes.isEmpty ? regimen.name : "\(regimen.name): \(notes)", supplies: parsed, by: person, on: db)
        }
    }

    /// Doses due today or earlier, for animals that are here: overdue first, then by day.
    public func due(for person: StaffMember) async throws -> [DueDose] {
        try context.authorize(person, [.doctor])
        let today = today(person)
        let regimens = try await Regimen.query(on: db).filter(\.$dueOn <= today.description).sort(\.$dueOn).all()
        let animals = try await Animal.query(on: db).filter(\.$id ~~ Set(regimens.map(\.animalID)))
            .filter(\.$status == Animal.Status.inShelter.rawValue).all()
        let byID = Dictionary(uniqueKeysWithValues: animals.map { ($0.id!, $0) })
        return regimens.compactMap { regimen in
            byID[regimen.animalID].map { DueDose(regimen: regimen, animal: $0, isOverdue: regimen.dueOn! < today.description) }
        }
    }

    // MARK: Parts

    private func give(_ kind: Treatment.Kind, to animalID: UUID, disease: UUID?, regimen: UUID?, notes: String,
                      supplies: [(item: UUID, amount: Quantity)], by person: StaffMember, on db: any Database) async throws -> Treatment {
        let treatment = Treatment()
        treatment.animalID = animalID
        treatment.diseaseID = disease
        treatment.regimenID = regimen
        treatment.kind = kind.rawValue
        treatment.notes = notes
        treatment.givenAt = context.clock.now
        treatment.actorID = person.id
        try await treatment.create(on: db)
        let id = try treatment.requireID()
        // The warehouse's ledger names the animal the supplies went to (then the notes).
        let animalName = supplies.isEmpty ? "" : try await Animal.find(animalID, on: db)?.name ?? ""
        let ledgerNote = [animalName, notes].filter { !$0.isEmpty }.joined(separator: ": ")
        for supply in supplies {
            let movement = try await context.warehouse.move(supply.item, by: -supply.amount.milli, kind: .treatment, order: nil,
                                                           note: ledgerNote, actor: person.id, on: db)
            let row = TreatmentSupply()
            row.treatmentID = id
            row.itemID = supply.item
            row.movementID = try movement.requireID()
            row.amountMilli = supply.amount.milli
            try await row.create(on: db)
        }
        try await context.audit.record("treatment.create", entityType: "animal", entityID: AnimalService.key(animalID), actor: person.id,
                                       after: ["kind": kind.rawValue, "notes": notes,
                                               "supplies": supplies.map { "\($0.item.uuidString.lowercased()):\($0.amount.milli)" }.joined(separator: ",")],
                                       on: db)
        return treatment
    }

    /// The supplies rows that were filled in (an empty row is skipped), each an item and a
    /// positive amount; fields named `supplies[i].itemId` / `.amount`.
    static func supplies(_ typed: [SupplyInput], _ v: inout Kernel.Validator) -> [(item: UUID, amount: Quantity)] {
        let filled = typed.enumerated().filter { !($0.element.itemID ?? "").isEmpty || !($0.element.amount ?? "").isEmpty }
        if filled.count > maxSupplies { v.add("supplies", "ss.validation.too_many_supplies", ["max": String(maxSupplies)]) }
        return filled.prefix(maxSupplies).compactMap { index, supply in
            let item = v.id("supplies[\(index)].itemId", supply.itemID, required: true)
            let amount = WarehouseService.quantity("supplies[\(index)].amount", supply.amount, allowZero: false, &v)
            guard let item, let amount else { return nil }
            return (item, amount)
        }
    }

    static func every(_ typed: String?, _ v: inout Kernel.Validator) -> Int? {
        let text = (typed ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let days = Int(text), (1...maxEveryDays).contains(days) else {
            v.add("everyDays", "ss.validation.every_days", ["max": String(maxEveryDays)])
            return nil
        }
        return days
    }

    private func today(_ person: StaffMember) -> LocalDay { LocalDay(context.clock.now, in: person.timeZone) }

    static let diseaseNotFound = AppError.notFound(code: "disease_not_found", key: "ss.error.disease_not_found")
    static let regimenNotFound = AppError.notFound(code: "regimen_not_found", key: "ss.error.regimen_not_found")
}
