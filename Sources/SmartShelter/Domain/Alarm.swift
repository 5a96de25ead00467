import Fluent
import Foundation

/// Something wrong in an enclosure, raised by a rule: one open alarm per enclosure and
/// kind (a repeat updates it), acknowledged and resolved by people, with who and when.
public final class Alarm: Model, @unchecked Sendable {
    public static let schema = "ss_alarms"

    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// Temperature above the enclosure's range. Hot and cold are apart: a cold reading
        /// never rewrites a hot alarm's value («30 °C» becoming «0 °C»), and each closes by itself.
        case tooHot = "too_hot"
        /// Temperature below the enclosure's range.
        case tooCold = "too_cold"
        /// Humidity outside the enclosure's range.
        case humidity
        /// The temperature–humidity index in the alert band or above.
        case heatStress = "heat_stress"
        /// Water below the enclosure's minimum.
        case water
        /// A sensor silent for more than twice its reporting interval.
        case silence
        /// Above 29.5 °C (9 CFR 3.3) for more than four hours in a row.
        case durationHot = "duration_hot"
        /// Below 7.2 °C (9 CFR 3.3) for more than four hours in a row.
        case durationCold = "duration_cold"
        /// The feeder still full at the next meal: the animals did not eat.
        case foodNotEaten = "food_not_eaten"
        /// No food put in the feeder for a meal that is due.
        case notRefilled = "not_refilled"

        /// The kinds raised by readings, which close by themselves once the readings have
        /// been back within the rules for `AlarmService.settleTime`.
        public static let fromReadings: [Kind] = [.tooHot, .tooCold, .humidity, .heatStress, .water, .durationHot, .durationCold]

        /// The duration rule's kind for a temperature outside the welfare range.
        static func duration(_ temperature: Double) -> Kind {
            temperature > AlarmTrigger.welfareRange.upperBound ? .durationHot : .durationCold
        }
    }

    public enum Severity: String, Sendable, Codable, Comparable {
        case warning, critical

        public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .critical }
    }

    @ID(key: .id) public var id: UUID?
    @Field(key: "enclosure_id") public var enclosureID: UUID
    @OptionalField(key: "sensor_id") public var sensorID: UUID?
    @Field(key: "kind") public var kind: String
    @Field(key: "severity") public var severity: String
    /// The reading's value that broke the rule (°C, %, the index, or seconds of silence).
    @OptionalField(key: "value") public var value: Double?
    @Field(key: "opened_at") public var openedAt: Date
    @Field(key: "last_seen_at") public var lastSeenAt: Date
    /// How many times the rule broke again while the alarm was open.
    @Field(key: "repeats") public var repeats: Int
    @OptionalField(key: "acknowledged_by") public var acknowledgedBy: UUID?
    @OptionalField(key: "acknowledged_at") public var acknowledgedAt: Date?
    @OptionalField(key: "resolved_by") public var resolvedBy: UUID?
    @OptionalField(key: "resolved_at") public var resolvedAt: Date?
    /// When the staff were last told (opened, or reminded while nobody acknowledged).
    @Field(key: "notified_at") public var notifiedAt: Date
    /// When the readings came back within the rules, for an alarm that closed by itself
    /// (nobody in `resolvedBy`) or a past episode: the first reading inside them again.
    @OptionalField(key: "normal_since") public var normalSince: Date?
    /// When nobody had acknowledged it in time and every director and doctor was told.
    @OptionalField(key: "escalated_at") public var escalatedAt: Date?
    /// A spell already over when its readings arrived (a device's late buffer): recorded
    /// closed, to be known, not to call anyone.
    @Field(key: "past_episode") public var pastEpisode: Bool

    public init() {
        pastEpisode = false
    }

    public var alarmKind: Kind { Kind(rawValue: kind) ?? .tooHot }
    public var alarmSeverity: Severity { Severity(rawValue: severity) ?? .warning }
    public var isOpen: Bool { resolvedAt == nil }
}

/// A rule broken by a reading (or by silence): what to raise.
public struct AlarmTrigger: Sendable, Equatable {
    public let kind: Alarm.Kind
    public let severity: Alarm.Severity
    public let value: Double?
    public let at: Date

    /// The rules one reading is checked against, in the enclosure's conditions.
    public static func of(_ reading: Reading, in conditions: EnclosureConditions) -> [AlarmTrigger] {
        var triggers: [AlarmTrigger] = []
        let t = reading.temperature, h = reading.humidity
        if t > conditions.maxTemperature {
            triggers.append(AlarmTrigger(kind: .tooHot, severity: .warning, value: t, at: reading.at))
        } else if t < conditions.minTemperature {
            triggers.append(AlarmTrigger(kind: .tooCold, severity: .warning, value: t, at: reading.at))
        }
        if h < conditions.minHumidity || h > conditions.maxHumidity {
            triggers.append(AlarmTrigger(kind: .humidity, severity: .warning, value: h, at: reading.at))
        }
        let band = reading.heatStressBand
        if band >= .alert {
            triggers.append(AlarmTrigger(kind: .heatStress, severity: band >= .danger ? .critical : .warning, value: reading.heatStressIndex, at: reading.at))
        }
        if let water = reading.waterLevel, water < conditions.minWater {
            triggers.append(AlarmTrigger(kind: .water, severity: water <= 0 ? .critical : .warning, value: water, at: reading.at))
        }
        return triggers
    }

    /// Whether the reading might raise an alarm in any enclosure: heat stress, or a
    /// temperature outside the welfare range (the duration rule). A reading that does not
    /// raises one only by breaking its enclosure's conditions (`conditionsHeld`).
    public static func mayRaiseAnywhere(_ reading: Reading) -> Bool {
        reading.heatStressBand >= .alert || !welfareRange.contains(reading.temperature)
    }

    /// `of`'s enclosure rules as an SQL condition, true while none is broken: over a reading
    /// relation `r` (a missing water level as -1) and an enclosure relation `e`. The
    /// PostgreSQL reading path stores such readings without the alarm check
    /// (`StoreReadingsStatement`); `ReadingStoreTests` holds the two to the same verdicts.
    static func conditionsHeld(reading r: String, enclosure e: String) -> String {
        "\(r).temperature BETWEEN \(e).min_temperature AND \(e).max_temperature"
            + " AND \(r).humidity BETWEEN \(e).min_humidity AND \(e).max_humidity"
            + " AND (\(r).water_level < 0 OR \(r).water_level >= \(e).min_water)"
    }

    /// The range dogs and cats may be kept in, and for how long outside it at most (9 CFR 3.3).
    public static let welfareRange = 7.2...29.5
    public static let welfareLimit: TimeInterval = 4 * 3600
}
