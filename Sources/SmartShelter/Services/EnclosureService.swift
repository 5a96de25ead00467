import Fluent
import Foundation
import Kernel
import SQLKit

/// An enclosure as the dashboard shows it: its conditions, sensors and newest reading.
public struct EnclosureSummary: Sendable {
    public let enclosure: Enclosure
    public let sensors: [Sensor]
    /// The newest reading of any of its sensors.
    public let latest: Reading?
}

/// One enclosure's page: who lives there (with their open diseases), its sensors and
/// newest reading, today's meals and its alarms.
public struct EnclosureOverview: Sendable {
    public let summary: EnclosureSummary
    public let residents: [AlarmSummary.Resident]
    public let meals: [EnclosureMeal]
    /// Open ones first, then those resolved in the last day.
    public let alarms: [AlarmSummary]
}

/// Enclosures and their target conditions. Everyone on the staff sees them; the director
/// makes them, and the director or a doctor sets their conditions.
public struct EnclosureService: Sendable {
    public static let nameMaxLength = 80
    public static let descriptionMaxLength = 1000

    let context: ShelterContext
    var db: any Database { context.db }

    public func list(for person: StaffMember) async throws -> [EnclosureSummary] {
        try context.authorize(person, [.doctor, .storekeeper])
        let enclosures = try await Enclosure.query(on: db).all()
        let all = try await Sensor.query(on: db).filter(\.$retiredAt == nil).all()
        let sensors = Dictionary(grouping: all, by: \.enclosureID)
        // Each enclosure's newest reading, read for all of them in one query.
        let readings = try await context.readings.readings(at: all.compactMap(Self.newestReading))
        let summaries = enclosures.map { enclosure in
            let own = (sensors[enclosure.id!] ?? []).sorted { person.collation.areInIncreasingOrder($0.name, $1.name) }
            return EnclosureSummary(enclosure: enclosure, sensors: own, latest: Self.newestSensor(of: own).flatMap { readings[$0.id!] })
        }
        return summaries.sorted { person.collation.areInIncreasingOrder($0.enclosure.name, $1.enclosure.name) }
    }

    /// Every enclosure's name by its id, for lists that say where each animal lives.
    public func names(for person: StaffMember) async throws -> [UUID: String] {
        try context.authorize(person, [.doctor, .storekeeper])
        return Dictionary(uniqueKeysWithValues: try await Enclosure.query(on: db).all().map { ($0.id!, $0.name) })
    }

    public func summary(_ id: UUID, for person: StaffMember) async throws -> EnclosureSummary {
        try context.authorize(person, [.doctor, .storekeeper])
        let enclosure = try await find(id)
        let sensors = try await Sensor.query(on: db).filter(\.$enclosureID == id).filter(\.$retiredAt == nil).all()
            .sorted { person.collation.areInIncreasingOrder($0.name, $1.name) }
        return EnclosureSummary(enclosure: enclosure, sensors: sensors, latest: try await latest(of: sensors))
    }

    public func overview(_ id: UUID, for person: StaffMember) async throws -> EnclosureOverview {
        let summary = try await summary(id, for: person)
        let animals = try await context.animals.residents(of: [id])[id] ?? []
        let diseases = try await context.medical.openDiseases(of: animals.compactMap(\.id))
        return EnclosureOverview(
            summary: summary, residents: animals.map { AlarmSummary.Resident(animal: $0, openDiseases: diseases[$0.id!] ?? []) },
            meals: try await context.feeding.rounds(for: person, in: id), alarms: try await context.alarms.list(for: person, in: id))
    }

    public func create(name: String?, description: String?, conditions: ConditionsInput, by director: StaffMember) async throws -> Enclosure {
        try context.authorizeChange(director, [])
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let description = v.text("description", description, required: false, maxLength: Self.descriptionMaxLength) ?? ""
        let parsed = conditions.validated(into: &v)
        try v.throwIfInvalid()
        guard let name, let parsed else { throw AppError.validation(v.errors) }
        let enclosure = Enclosure(name: name, description: description, conditions: parsed, at: context.clock.now)
        try await db.writeTransaction { db in
            try await Self.saveNamed(enclosure, on: db)
            try await context.audit.record("enclosure.create", entityType: "enclosure", entityID: enclosure.requireID().uuidString.lowercased(),
                                           actor: director.id, after: AuditedEnclosure(enclosure), on: db)
        }
        return enclosure
    }

    /// Sets the target conditions (director or doctor); what was there goes to the audit trail.
    public func setConditions(of id: UUID, to input: ConditionsInput, by person: StaffMember) async throws -> Enclosure {
        try context.authorizeChange(person, [.doctor])
        let enclosure = try await find(id)
        var v = Kernel.Validator()
        let parsed = input.validated(into: &v)
        try v.throwIfInvalid()
        guard let parsed else { throw AppError.validation(v.errors) }
        let before = enclosure.conditions
        guard before != parsed else { return enclosure }
        enclosure.conditions = parsed
        try await db.writeTransaction { db in
            try await enclosure.save(on: db)
            try await context.audit.record("enclosure.conditions", entityType: "enclosure", entityID: id.uuidString.lowercased(),
                                           actor: person.id, before: before, after: parsed, on: db)
        }
        return enclosure
    }

    func find(_ id: UUID) async throws -> Enclosure {
        guard let enclosure = try await Enclosure.find(id, on: db) else { throw Self.notFound }
        return enclosure
    }

    static let notFound = AppError.notFound(code: "enclosure_not_found", key: "ss.error.enclosure_not_found")

    /// A second enclosure of the same name is a 409 on the name (the unique index decides).
    static func saveNamed(_ enclosure: Enclosure, on db: any Database) async throws {
        do {
            try await enclosure.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError(.conflict, code: "enclosure_name_taken", key: "ss.error.enclosure_name_taken",
                           fieldErrors: [FieldError(field: "name", key: "ss.error.enclosure_name_taken")])
        }
    }

    private func latest(of sensors: [Sensor]) async throws -> Reading? {
        guard let newest = Self.newestSensor(of: sensors), let at = Self.newestReading(newest) else { return nil }
        return try await context.readings.readings(at: [at])[at.sensor]
    }

    /// The sensor of `sensors` that was heard from last.
    static func newestSensor(of sensors: [Sensor]) -> Sensor? {
        sensors.filter { $0.lastReadingAt != nil }.max { $0.lastReadingAt! < $1.lastReadingAt! }
    }

    /// Where a sensor's newest reading is, if it sent one.
    static func newestReading(_ sensor: Sensor) -> (sensor: UUID, at: Date)? {
        guard let id = sensor.id, let at = sensor.lastReadingAt else { return nil }
        return (id, at)
    }
}

/// Conditions as typed (text, in °C and percent); `validated` names every field at fault.
public struct ConditionsInput: Sendable {
    public var minTemperature: String?
    public var maxTemperature: String?
    public var minHumidity: String?
    public var maxHumidity: String?
    public var minWater: String?

    public init(minTemperature: String? = nil, maxTemperature: String? = nil, minHumidity: String? = nil, maxHumidity: String? = nil,
                minWater: String? = nil) {
        self.minTemperature = minTemperature
        self.maxTemperature = maxTemperature
        self.minHumidity = minHumidity
        self.maxHumidity = maxHumidity
        self.minWater = minWater
    }

    public init(_ conditions: EnclosureConditions) {
        self.init(minTemperature: Self.text(conditions.minTemperature), maxTemperature: Self.text(conditions.maxTemperature),
                  minHumidity: Self.text(conditions.minHumidity), maxHumidity: Self.text(conditions.maxHumidity),
                  minWater: Self.text(conditions.minWater))
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    func validated(into v: inout Kernel.Validator) -> EnclosureConditions? {
        let minT = Self.number("minTemperature", minTemperature, in: Reading.temperatureRange, &v)
        let maxT = Self.number("maxTemperature", maxTemperature, in: Reading.temperatureRange, &v)
        let minH = Self.number("minHumidity", minHumidity, in: Reading.percentRange, &v)
        let maxH = Self.number("maxHumidity", maxHumidity, in: Reading.percentRange, &v)
        let water = Self.number("minWater", minWater, in: Reading.percentRange, &v)
        if let minT, let maxT, minT >= maxT { v.add("maxTemperature", "ss.validation.max_above_min") }
        if let minH, let maxH, minH >= maxH { v.add("maxHumidity", "ss.validation.max_above_min") }
        guard let minT, let maxT, let minH, let maxH, let water, minT < maxT, minH < maxH else { return nil }
        return EnclosureConditions(minTemperature: minT, maxTemperature: maxT, minHumidity: minH, maxHumidity: maxH, minWater: water)
    }

    /// A number as people type it, with a decimal point or comma ("7,2").
    static func number(_ field: String, _ typed: String?, in range: ClosedRange<Double>, _ v: inout Kernel.Validator) -> Double? {
        let trimmed = (typed ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !trimmed.isEmpty else {
            v.add(field, "validation.required")
            return nil
        }
        guard let value = Double(trimmed), value.isFinite, range.contains(value) else {
            v.add(field, "ss.validation.number_range", ["min": text(range.lowerBound), "max": text(range.upperBound)])
            return nil
        }
        return value
    }
}

/// An enclosure as the audit trail keeps it.
struct AuditedEnclosure: Codable, Sendable {
    let name: String
    let description: String
    let conditions: EnclosureConditions

    init(_ enclosure: Enclosure) {
        name = enclosure.name
        description = enclosure.description
        conditions = enclosure.conditions
    }
}
