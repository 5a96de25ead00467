import Fluent
import Foundation
import Kernel
import SQLKit

/// A sensor and its secret key, shown this once.
public struct IssuedSensorKey: Sendable {
    public let sensor: Sensor
    public let key: String
}

/// Sensors and their keys (the director's work). Keys are random 256-bit secrets; only
/// their SHA-256 is stored, so a copy of the database cannot impersonate a device.
public struct SensorService: Sendable {
    public static let nameMaxLength = 80
    public static let defaultInterval = 60
    public static let intervalRange = 10...86_400
    static let keyPrefix = "ssk_"

    let context: ShelterContext
    var db: any Database { context.db }

    public func create(in enclosureID: UUID, name: String?, intervalSeconds: String?, by director: StaffMember) async throws -> IssuedSensorKey {
        try context.authorizeChange(director, [])
        _ = try await context.enclosures.find(enclosureID)
        var v = Kernel.Validator()
        let name = v.text("name", name, maxLength: Self.nameMaxLength)
        let interval = Self.interval(intervalSeconds, &v)
        try v.throwIfInvalid()
        let key = Self.newKey()
        let sensor = Sensor(enclosureID: enclosureID, name: name ?? "", keyHash: SecretToken.hash(key), intervalSeconds: interval,
                            at: context.clock.now)
        try await db.writeTransaction { db in
            try await sensor.create(on: db)
            try await SensorPlacement(sensorID: sensor.requireID(), enclosureID: enclosureID, placedAt: SensorPlacement.beginning, by: director.id)
                .create(on: db)
            try await context.audit.record("sensor.create", entityType: "sensor", entityID: sensor.requireID().uuidString.lowercased(),
                                           actor: director.id,
                                           after: ["enclosure": enclosureID.uuidString.lowercased(), "name": sensor.name,
                                                   "intervalSeconds": String(interval)], on: db)
        }
        return IssuedSensorKey(sensor: sensor, key: key)
    }

    /// A new key for the sensor; the old one stops working at once.
    public func rotateKey(of sensorID: UUID, by director: StaffMember) async throws -> IssuedSensorKey {
        try context.authorizeChange(director, [])
        let sensor = try await find(sensorID)
        guard sensor.retiredAt == nil else { throw Self.retired }
        let key = Self.newKey()
        sensor.keyHash = SecretToken.hash(key)
        sensor.keyIssuedAt = context.clock.now
        try await db.writeTransaction { db in
            try await sensor.save(on: db)
            // The key itself is never written anywhere; the trail says that it changed.
            try await context.audit.record("sensor.key", entityType: "sensor", entityID: sensorID.uuidString.lowercased(), actor: director.id,
                                           after: ["keyIssuedAt": sensor.keyIssuedAt.ISO8601Format()], on: db)
        }
        return IssuedSensorKey(sensor: sensor, key: key)
    }

    /// Renames a sensor, changes how often it reports, pauses or resumes it, or moves it to
    /// another enclosure (the director, with a fresh confirmation). A paused sensor raises
    /// no silence alarm; resuming starts its silence clock afresh. A moved sensor keeps its
    /// key; what it measured so far stays in the history of the enclosure it left
    /// (`SensorPlacement`), its silence clock starts afresh and its open silence alarm there
    /// is closed. Fields left out stay as they are.
    public func update(_ sensorID: UUID, name typedName: String?, intervalSeconds: String?, paused: Bool?, enclosureID target: UUID? = nil,
                       by director: StaffMember) async throws -> Sensor {
        try context.authorizeChange(director, [])
        let sensor = try await find(sensorID)
        guard sensor.retiredAt == nil else { throw Self.retired }
        var v = Kernel.Validator()
        let name = typedName == nil ? nil : v.text("name", typedName, maxLength: Self.nameMaxLength)
        let interval = intervalSeconds == nil ? nil : Self.interval(intervalSeconds, &v)
        try v.throwIfInvalid()
        let move = target.flatMap { $0 == sensor.enclosureID ? nil : $0 }
        if let move { _ = try await context.enclosures.find(move) }
        let before = Self.facts(sensor)
        let now = context.clock.now
        if let name { sensor.name = name }
        if let interval { sensor.intervalSeconds = interval }
        if let paused, paused != (sensor.pausedAt != nil) {
            sensor.pausedAt = paused ? now : nil
            if !paused { sensor.watchedSince = now }
        }
        if let move {
            sensor.enclosureID = move
            sensor.watchedSince = now
        }
        let pausing = sensor.pausedAt != nil && before["paused"] == "false"
        let closed = try await db.writeTransaction { db in
            // The sensor's row first: two moves of one sensor at once then take turns.
            try await sensor.save(on: db)
            if let move { try await Self.place(sensor, in: move, at: now, by: director, on: db) }
            try await context.audit.record("sensor.update", entityType: "sensor", entityID: sensorID.uuidString.lowercased(), actor: director.id,
                                           before: before, after: Self.facts(sensor), on: db)
            return pausing || move != nil ? try await context.alarms.resolveSilence(of: sensorID, by: director, on: db) : []
        }
        try await context.alarms.publish(closed)
        return sensor
    }

    /// Ends the sensor's placement where it was and starts one in `enclosureID` at `now`.
    /// Its chart revision moves, so no server keeps either enclosure's chart as it was drawn
    /// with the sensor where it hung before (`ChartCache`).
    ///
    /// Called after the sensor's row is written in the same transaction, so two moves of
    /// one sensor at once take turns and the second reads the placement the first left
    /// (one open placement, always: the race test fails if this runs first); a second tap
    /// moving it where the first has just put it adds nothing.
    private static func place(_ sensor: Sensor, in enclosureID: UUID, at now: Date, by director: StaffMember, on db: any Database) async throws {
        let sensorID = try sensor.requireID()
        let open = try await SensorPlacement.query(on: db).filter(\.$sensorID == sensorID).filter(\.$removedAt == nil).all()
        guard open.map(\.enclosureID) != [enclosureID] else { return }
        try await SensorPlacement.query(on: db).filter(\.$sensorID == sensorID).filter(\.$removedAt == nil).set(\.$removedAt, to: now).update()
        try await SensorPlacement(sensorID: sensorID, enclosureID: enclosureID, placedAt: now, by: director.id).create(on: db)
        try await db.sql.update(Sensor.schema).set("chart_revision", to: SQLRaw("chart_revision + 1"))
            .where("id", .equal, SQLBind(sensorID)).run()
    }

    /// Retires a sensor (the director, with a fresh confirmation): its key stops working at
    /// once — the stored hash is replaced by one of a secret nobody holds — and it leaves
    /// the enclosure's page and the silence rule (its open silence alarm is closed); its
    /// readings and roll-ups stay.
    public func retire(_ sensorID: UUID, by director: StaffMember) async throws {
        try context.authorizeChange(director, [])
        let sensor = try await find(sensorID)
        guard sensor.retiredAt == nil else { return }
        sensor.retiredAt = context.clock.now
        sensor.keyHash = SecretToken.hash(Self.newKey())
        let closed = try await db.writeTransaction { db in
            try await sensor.save(on: db)
            try await context.audit.record("sensor.retire", entityType: "sensor", entityID: sensorID.uuidString.lowercased(), actor: director.id,
                                           before: Self.facts(sensor), on: db)
            return try await context.alarms.resolveSilence(of: sensorID, by: director, on: db)
        }
        try await context.alarms.publish(closed)
    }

    private static func facts(_ sensor: Sensor) -> [String: String] {
        ["name": sensor.name, "intervalSeconds": String(sensor.intervalSeconds), "paused": String(sensor.pausedAt != nil),
         "enclosure": sensor.enclosureID.uuidString.lowercased()]
    }

    static let retired = AppError(.conflict, code: "sensor_retired", key: "ss.error.sensor_retired")

    /// The names of these sensors (those retired or moved away included), by id.
    func names(of ids: Set<UUID>) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        return Dictionary(uniqueKeysWithValues: try await Sensor.query(on: db).filter(\.$id ~~ Array(ids)).all().map { ($0.id!, $0.name) })
    }

    public func find(_ id: UUID) async throws -> Sensor {
        guard let sensor = try await Sensor.find(id, on: db) else {
            throw AppError.notFound(code: "sensor_not_found", key: "ss.error.sensor_not_found")
        }
        return sensor
    }

    /// The sensor whose key is `key`, if `key` is the key of `sensorID`: no key or an
    /// unknown one is a 401, the key of another sensor a 403 (a device sending for a sensor
    /// it is not).
    public func authenticate(_ sensorID: UUID, key: String?) async throws -> Sensor {
        guard let key, !key.isEmpty else { throw Self.keyMissing }
        guard let sensor = try await Sensor.query(on: db).filter(\.$keyHash == SecretToken.hash(key)).first() else { throw Self.keyWrong }
        guard sensor.id == sensorID else { throw Self.keyForeign }
        return sensor
    }

    static let keyMissing = AppError(.unauthorized, code: "sensor_key_missing", key: "ss.sensor.key_missing",
                                     headers: ["WWW-Authenticate": "Bearer realm=\"shelter-sensors\""])
    static let keyWrong = AppError(.unauthorized, code: "sensor_key_wrong", key: "ss.sensor.key_wrong",
                                   headers: ["WWW-Authenticate": "Bearer realm=\"shelter-sensors\", error=\"invalid_token\""])
    static let keyForeign = AppError(.forbidden, code: "sensor_key_foreign", key: "ss.sensor.key_foreign")

    static func newKey() -> String { keyPrefix + SecretToken.generate() }

    static func interval(_ text: String?, _ v: inout Kernel.Validator) -> Int {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return defaultInterval }
        guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), intervalRange.contains(seconds) else {
            v.add("intervalSeconds", "ss.validation.interval", ["min": String(intervalRange.lowerBound), "max": String(intervalRange.upperBound)])
            return defaultInterval
        }
        return seconds
    }
}
