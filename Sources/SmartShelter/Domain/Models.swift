import Fluent
import Foundation
import Kernel
import SQLKit

/// A person's settings: temperatures in °C or °F, and whether they are on duty (their time
/// zone and language are the kernel account's).
public final class ShelterProfile: Model, @unchecked Sendable {
    public static let schema = "ss_profiles"
    public static let defaultTimeZone = TimeZone(identifier: "Europe/Kyiv")!

    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "temperature_unit") public var temperatureUnitCode: String
    /// On duty now: alarms are pushed and mailed to the directors and doctors on duty.
    @Field(key: "on_duty") public var onDuty: Bool
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(accountID: UUID, at now: Date) {
        self.id = accountID
        self.temperatureUnitCode = TemperatureUnit.celsius.rawValue
        self.onDuty = false
        self.createdAt = now
    }

    public var temperatureUnit: TemperatureUnit { TemperatureUnit(rawValue: temperatureUnitCode) ?? .celsius }
}

extension ShelterProfile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> ShelterProfile {
        let profile = ShelterProfile()
        profile.id = try row.decode(column: prefix + "account_id", as: UUID.self)
        profile.temperatureUnitCode = try row.decode(column: prefix + "temperature_unit", as: String.self)
        profile.onDuty = try row.decode(column: prefix + "on_duty", as: Bool.self)
        profile.createdAt = try row.decode(column: prefix + "created_at", as: Date.self)
        profile.$id.exists = true
        return profile
    }
}

/// An enclosure (вольєр) and the conditions its animals need: the ranges its sensors'
/// readings are checked against.
public final class Enclosure: Model, @unchecked Sendable {
    public static let schema = "ss_enclosures"

    @ID(key: .id) public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "description") public var description: String
    @Field(key: "min_temperature") public var minTemperature: Double
    @Field(key: "max_temperature") public var maxTemperature: Double
    @Field(key: "min_humidity") public var minHumidity: Double
    @Field(key: "max_humidity") public var maxHumidity: Double
    /// The lowest water level (percent of the bowl or tank) before an alarm.
    @Field(key: "min_water") public var minWater: Double
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(id: UUID? = nil, name: String, description: String, conditions: EnclosureConditions, at now: Date) {
        self.id = id
        self.name = name
        self.description = description
        self.createdAt = now
        self.conditions = conditions
    }

    public var conditions: EnclosureConditions {
        get {
            EnclosureConditions(minTemperature: minTemperature, maxTemperature: maxTemperature, minHumidity: minHumidity,
                                maxHumidity: maxHumidity, minWater: minWater)
        }
        set {
            minTemperature = newValue.minTemperature
            maxTemperature = newValue.maxTemperature
            minHumidity = newValue.minHumidity
            maxHumidity = newValue.maxHumidity
            minWater = newValue.minWater
        }
    }
}

/// The target conditions of an enclosure, in °C and percent.
public struct EnclosureConditions: Sendable, Codable, Equatable {
    public var minTemperature: Double
    public var maxTemperature: Double
    public var minHumidity: Double
    public var maxHumidity: Double
    public var minWater: Double

    public init(minTemperature: Double, maxTemperature: Double, minHumidity: Double, maxHumidity: Double, minWater: Double) {
        self.minTemperature = minTemperature
        self.maxTemperature = maxTemperature
        self.minHumidity = minHumidity
        self.maxHumidity = maxHumidity
        self.minWater = minWater
    }

    /// What the US Animal Welfare Act allows for dogs and cats (9 CFR 3.3: 7.2–29.5 °C),
    /// with a comfortable humidity: a new enclosure's conditions until someone sets them.
    public static let standard = EnclosureConditions(minTemperature: 7.2, maxTemperature: 29.5, minHumidity: 30, maxHumidity: 70, minWater: 20)
}

/// A sensor device in an enclosure. It signs its readings with its own secret key, of
/// which only a hash is kept; the key is shown once, when made or rotated.
public final class Sensor: Model, @unchecked Sendable {
    public static let schema = "ss_sensors"

    @ID(key: .id) public var id: UUID?
    @Field(key: "enclosure_id") public var enclosureID: UUID
    @Field(key: "name") public var name: String
    @Field(key: "key_hash") public var keyHash: String
    /// How often the device reports; silence for twice this long raises an alarm.
    @Field(key: "interval_seconds") public var intervalSeconds: Int
    @Field(key: "key_issued_at") public var keyIssuedAt: Date
    /// The newest device time received, nil until the first reading.
    @OptionalField(key: "last_reading_at") public var lastReadingAt: Date?
    @Field(key: "created_at") public var createdAt: Date
    /// Paused: no silence alarm until it is resumed.
    @OptionalField(key: "paused_at") public var pausedAt: Date?
    /// Retired: its key no longer works; it stays for its history only.
    @OptionalField(key: "retired_at") public var retiredAt: Date?
    /// When the silence clock last started afresh (a resume), if after the last reading.
    @OptionalField(key: "watched_since") public var watchedSince: Date?
    /// The battery in percent and the signal in dBm as the device last reported them (in
    /// the reading of device time `powerAt`); nil for a device that does not.
    @OptionalField(key: "battery_percent") public var batteryPercent: Double?
    @OptionalField(key: "signal_dbm") public var signalDBm: Double?
    @OptionalField(key: "power_at") public var powerAt: Date?

    public init() {}

    /// Below this a battery is to be changed or charged: the staff are warned.
    public static let lowBattery = 20.0

    public var batteryIsLow: Bool { batteryPercent.map { $0 < Self.lowBattery } ?? false }

    /// When it was last heard from, for the silence rule: its newest reading, or when it
    /// was made or resumed, whichever is latest.
    public var heardAt: Date { [lastReadingAt, watchedSince, createdAt].compactMap { $0 }.max()! }

    public init(id: UUID? = nil, enclosureID: UUID, name: String, keyHash: String, intervalSeconds: Int, at now: Date) {
        self.id = id
        self.enclosureID = enclosureID
        self.name = name
        self.keyHash = keyHash
        self.intervalSeconds = intervalSeconds
        self.keyIssuedAt = now
        self.createdAt = now
    }
}

/// Where a sensor hung and when: its readings and roll-ups from `placedAt` until
/// `removedAt` belong to `enclosureID`'s history, so moving a sensor leaves its past with
/// the enclosure it measured. A roll-up belongs to the placement its end falls in: the
/// hour of a move (the day, on a month's chart) goes with the enclosure the sensor moved to.
public final class SensorPlacement: Model, @unchecked Sendable {
    public static let schema = "ss_sensor_placements"

    @ID(key: .id) public var id: UUID?
    @Field(key: "sensor_id") public var sensorID: UUID
    @Field(key: "enclosure_id") public var enclosureID: UUID
    @Field(key: "placed_at") public var placedAt: Date
    /// Nil while the sensor is still there.
    @OptionalField(key: "removed_at") public var removedAt: Date?
    @OptionalField(key: "actor_id") public var actorID: UUID?

    public init() {}

    /// A sensor's first placement reaches back to 1970, so readings a device buffered
    /// before it was registered still belong somewhere.
    public static let beginning = Date(timeIntervalSince1970: 0)

    public init(sensorID: UUID, enclosureID: UUID, placedAt: Date, by actorID: UUID?) {
        self.sensorID = sensorID
        self.enclosureID = enclosureID
        self.placedAt = placedAt
        self.actorID = actorID
    }
}
