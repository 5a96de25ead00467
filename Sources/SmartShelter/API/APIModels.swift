import Foundation
import Kernel
import Vapor

/// The JSON shapes of the Smart Shelter API (see `openapi.json`). Inputs have optional
/// fields so that a missing one is a 422 naming the field, in the caller's language.
/// Temperatures are °C and levels percent in the API, whatever a person shows on screen;
/// times are RFC 3339 in UTC.
enum SSModels {
    struct Registration: Content {
        let name: String?
        let email: String?
        let password: String?
        let passwordRepeat: String?
        let timeZone: String?
    }

    struct Session: Content {
        let token: String
        let expiresAt: Date
        let profile: Profile
    }

    struct Profile: Content {
        let id: UUID
        let name: String
        let email: String
        /// `director`, `doctor`, `storekeeper` or `pending`.
        let role: String
        let language: String?
        /// `c` or `f`.
        let temperatureUnit: String
        let timeZone: String
        /// For a director: until when changes may be made without typing the password again.
        let passwordConfirmedUntil: Date?
        /// On duty: alarms are pushed and mailed to the directors and doctors on duty.
        let onDuty: Bool

        init(_ person: StaffMember) {
            id = person.id
            name = person.name
            email = person.email
            role = person.role.apiName
            language = person.account.language
            temperatureUnit = person.unit.rawValue
            timeZone = person.timeZone.identifier
            passwordConfirmedUntil = person.confirmedUntil
            onDuty = person.profile.onDuty
        }
    }

    /// What is left out stays.
    struct ProfileUpdate: Content {
        let name: String?
        let language: String?
        let temperatureUnit: String?
        let timeZone: String?
        let onDuty: Bool?
    }

    struct PasswordConfirmation: Content {
        let password: String?
    }

    struct Confirmed: Content {
        let confirmedUntil: Date
    }

    struct StaffEntry: Content {
        let id: UUID
        let name: String
        let email: String
        let role: String
        let since: Date
        /// Whether they said they are on duty (their profile's setting).
        let onDuty: Bool

        init(_ account: Account, onDuty: Set<UUID>) {
            id = account.id!
            name = account.displayName
            email = account.login
            role = (ShelterRole(rawValue: account.role) ?? .pending).apiName
            since = account.createdAt
            self.onDuty = onDuty.contains(id)
        }
    }

    struct RoleChange: Content {
        let role: String?
    }

    struct Conditions: Content {
        let minTemperature: Double
        let maxTemperature: Double
        let minHumidity: Double
        let maxHumidity: Double
        let minWater: Double

        init(_ c: EnclosureConditions) {
            minTemperature = c.minTemperature
            maxTemperature = c.maxTemperature
            minHumidity = c.minHumidity
            maxHumidity = c.maxHumidity
            minWater = c.minWater
        }
    }

    /// Numbers or text ("7,2") are both taken; a missing one is named.
    struct ConditionsBody: Content {
        let minTemperature: FlexibleNumber?
        let maxTemperature: FlexibleNumber?
        let minHumidity: FlexibleNumber?
        let maxHumidity: FlexibleNumber?
        let minWater: FlexibleNumber?

        var input: ConditionsInput {
            .init(minTemperature: minTemperature?.text, maxTemperature: maxTemperature?.text, minHumidity: minHumidity?.text,
                  maxHumidity: maxHumidity?.text, minWater: minWater?.text)
        }
    }

    struct NewEnclosure: Content {
        let name: String?
        let description: String?
        let conditions: ConditionsBody?
    }

    struct EnclosureDTO: Content {
        let id: UUID
        let name: String
        let description: String
        let conditions: Conditions
        let sensors: [SensorDTO]
        let latest: ReadingDTO?

        init(_ summary: EnclosureSummary) {
            id = summary.enclosure.id!
            name = summary.enclosure.name
            description = summary.enclosure.description
            conditions = Conditions(summary.enclosure.conditions)
            sensors = summary.sensors.map(SensorDTO.init)
            latest = summary.latest.map { ReadingDTO($0) }
        }
    }

    struct SensorDTO: Content {
        let id: UUID
        let enclosureId: UUID
        let name: String
        let intervalSeconds: Int
        let keyIssuedAt: Date
        let lastReadingAt: Date?

        init(_ sensor: Sensor) {
            id = sensor.id!
            enclosureId = sensor.enclosureID
            name = sensor.name
            intervalSeconds = sensor.intervalSeconds
            keyIssuedAt = sensor.keyIssuedAt
            lastReadingAt = sensor.lastReadingAt
        }
    }

    struct NewSensor: Content {
        let name: String?
        let intervalSeconds: FlexibleNumber?
    }

    /// A sensor with its key: the only time the key is shown.
    struct SensorKey: Content {
        let sensor: SensorDTO
        let key: String
    }

    struct ReadingDTO: Content {
        let sensorId: UUID?
        let at: Date
        let temperature: Double
        let humidity: Double
        let waterLevel: Double?
        let foodLevel: Double?
        let heatStressIndex: Double
        /// `normal`, `alert`, `danger` or `emergency`.
        let heatStress: String

        init(_ reading: Reading, sensorID: UUID? = nil) {
            sensorId = sensorID
            at = reading.at
            temperature = reading.temperature
            humidity = reading.humidity
            waterLevel = reading.waterLevel
            foodLevel = reading.foodLevel
            heatStressIndex = reading.heatStressIndex
            heatStress = reading.heatStressBand.rawValue
        }
    }

    /// A reading as a device sends it.
    struct ReadingInput: Content {
        let at: Date?
        let temperature: Double?
        let humidity: Double?
        let waterLevel: Double?
        let foodLevel: Double?

        var reading: Reading? {
            guard let at, let temperature, let humidity else { return nil }
            return Reading(at: at, temperature: temperature, humidity: humidity, waterLevel: waterLevel, foodLevel: foodLevel)
        }
    }

    /// One reading, or `{"readings": [...]}` (up to 1,000).
    enum ReadingsBody: Decodable {
        case single(ReadingInput)
        case batch([ReadingInput])

        private enum Keys: String, CodingKey { case readings }

        /// The readings sent, nil where one lacks its time, temperature or humidity.
        var readings: [Reading?] {
            switch self {
            case .single(let input): [input.reading]
            case .batch(let inputs): inputs.map(\.reading)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if container.contains(.readings) {
                self = .batch(try container.decode([ReadingInput].self, forKey: .readings))
            } else {
                self = .single(try ReadingInput(from: decoder))
            }
        }
    }

    struct IngestAnswer: Content {
        let stored: Int
        let duplicates: Int
        let refused: [Refused]

        struct Refused: Content {
            let index: Int
            let code: String
            let message: String
        }
    }

    struct DeviceTime: Content {
        let now: Date
    }

    struct ItemDTO: Content {
        let id: UUID
        let name: String
        let unit: String
        let stock: Double
        let lowThreshold: Double
        /// At or under its threshold.
        let low: Bool

        init(_ item: StockItem) {
            id = item.id!
            name = item.name
            unit = item.unit
            stock = item.stock.value
            lowThreshold = item.low.value
            low = item.isLow
        }
    }

    struct NewItem: Content {
        let name: String?
        let unit: String?
        let lowThreshold: FlexibleNumber?
    }

    struct ItemWithLedger: Content {
        let item: ItemDTO
        let ledger: [MovementDTO]
    }

    struct MovementDTO: Content {
        let id: UUID
        /// `received`, `treatment`, `feeding`, `write_off` or `stock_take`.
        let kind: String
        /// Positive in, negative out.
        let change: Double
        let balance: Double
        let orderId: UUID?
        let note: String
        let by: UUID?
        let at: Date

        init(_ movement: StockMovement) {
            id = movement.id!
            kind = movement.kind
            change = Double(movement.deltaMilli) / 1000
            balance = Double(movement.balanceMilli) / 1000
            orderId = movement.orderID
            note = movement.note
            by = movement.actorID
            at = movement.at
        }
    }

    struct Use: Content {
        let amount: FlexibleNumber?
        /// `feeding`, `treatment` or `write_off`.
        let kind: String?
        let note: String?
    }

    struct StockTake: Content {
        let counted: FlexibleNumber?
        let note: String?
    }

    struct OrderDTO: Content {
        let id: UUID
        let itemId: UUID
        let amount: Double
        let received: Double
        /// `requested`, `approved`, `partly_received`, `received` or `rejected`.
        let status: String
        let note: String
        let requestedBy: UUID
        let decidedBy: UUID?
        let createdAt: Date

        init(_ order: StockOrder) {
            id = order.id!
            itemId = order.itemID
            amount = Double(order.amountMilli) / 1000
            received = Double(order.receivedMilli) / 1000
            status = order.status
            note = order.note
            requestedBy = order.requestedBy
            decidedBy = order.decidedBy
            createdAt = order.createdAt
        }
    }

    struct NewOrder: Content {
        let itemId: UUID?
        let amount: FlexibleNumber?
        let note: String?
    }

    struct Decision: Content {
        let approve: Bool?
    }

    struct Receipt: Content {
        let amount: FlexibleNumber?
    }

    struct ChartDTO: Content {
        /// `day`, `week` or `month`.
        let range: String
        let start: Date
        /// Seconds each point covers (3,600, 21,600 or 86,400).
        let pointSeconds: Int
        /// The points with readings, oldest first.
        let points: [ChartPointDTO]

        init(_ chart: EnclosureChart) {
            range = chart.range.rawValue
            start = chart.start
            pointSeconds = Int(chart.pointSeconds)
            points = chart.spans.map(ChartPointDTO.init)
        }
    }

    struct ChartPointDTO: Content {
        let start: Date
        let readings: Int
        let temperature: Spread
        let humidity: Spread
        let heatStressMax: Double
        let waterMin: Double?
        let foodMin: Double?

        struct Spread: Content {
            let min: Double
            let mean: Double
            let max: Double
        }

        init(_ r: Rollup) {
            start = r.start
            readings = r.count
            temperature = Spread(min: r.minTemperature, mean: r.meanTemperature, max: r.maxTemperature)
            humidity = Spread(min: r.minHumidity, mean: r.meanHumidity, max: r.maxHumidity)
            heatStressMax = r.maxHeatStress
            waterMin = r.minWater
            foodMin = r.minFood
        }
    }

    struct AlarmDTO: Content {
        let id: UUID
        let enclosureId: UUID
        let enclosureName: String
        let sensorId: UUID?
        /// `temperature`, `humidity`, `heat_stress`, `water`, `silence`, `duration`,
        /// `food_not_eaten` or `not_refilled`.
        let kind: String
        /// `warning` or `critical`.
        let severity: String
        /// °C, %, the index, or seconds of silence.
        let value: Double?
        let openedAt: Date
        let lastSeenAt: Date
        let repeats: Int
        let acknowledgedBy: UUID?
        let acknowledgedAt: Date?
        let resolvedBy: UUID?
        let resolvedAt: Date?
        /// An open alarm's enclosure's animals, with their open diseases.
        let animals: [Resident]

        struct Resident: Content {
            let id: UUID
            let name: String
            let openDiseases: [String]
        }

        init(_ summary: AlarmSummary) {
            let alarm = summary.alarm
            id = alarm.id!
            enclosureId = alarm.enclosureID
            enclosureName = summary.enclosureName
            sensorId = alarm.sensorID
            kind = alarm.kind
            severity = alarm.severity
            value = alarm.value
            openedAt = alarm.openedAt
            lastSeenAt = alarm.lastSeenAt
            repeats = alarm.repeats
            acknowledgedBy = alarm.acknowledgedBy
            acknowledgedAt = alarm.acknowledgedAt
            resolvedBy = alarm.resolvedBy
            resolvedAt = alarm.resolvedAt
            animals = summary.residents.map { Resident(id: $0.animal.id!, name: $0.animal.name, openDiseases: $0.openDiseases.map(\.name)) }
        }
    }

    struct AuditEntryDTO: Content {
        let id: UUID
        let at: Date
        let actorId: UUID?
        let action: String
        let entityType: String
        let entityId: String
        let before: String?
        let after: String?
    }
}

/// A number sent as a JSON number or as text (a form's "7,2"): read as the text a
/// service validates.
struct FlexibleNumber: Codable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            // 60 is "60", not "60.0": a whole number stays one for the service's parser.
            text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        } else {
            text = try container.decode(String.self)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

// A device's answer and a chart, the API's busiest, are written by `JSONWriter`;
// `ReadingStoreTests` holds them equal to what `JSONEncoder` makes of the same values, so
// the types stay the schema.
extension SSModels.IngestAnswer: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("stored", stored)
            json.member("duplicates", duplicates)
            json.key("refused")
            json.array(refused) { json, refused in
                json.object { json in
                    json.member("index", refused.index)
                    json.member("code", refused.code)
                    json.member("message", refused.message)
                }
            }
        }
    }
}

extension SSModels.ChartDTO: JSONWritable {
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.member("range", range)
            json.member("start", start)
            json.member("pointSeconds", pointSeconds)
            json.key("points")
            json.array(points) { json, point in
                json.object { json in
                    json.member("start", point.start)
                    json.member("readings", point.readings)
                    for (name, spread) in [("temperature", point.temperature), ("humidity", point.humidity)] as [(StaticString, SSModels.ChartPointDTO.Spread)] {
                        json.key(name)
                        json.object { json in
                            json.member("min", spread.min)
                            json.member("mean", spread.mean)
                            json.member("max", spread.max)
                        }
                    }
                    json.member("heatStressMax", point.heatStressMax)
                    json.member("waterMin", point.waterMin)
                    json.member("foodMin", point.foodMin)
                }
            }
        }
    }
}
