import Foundation
import Kernel
import Vapor

/// The JSON shapes of enclosures, their conditions and their sensors.
extension SSModels {
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
        /// Paused: it raises no silence alarm.
        let paused: Bool
        /// What the device last reported of itself (nil if it never did), and when.
        let batteryPercent: Double?
        let signalDbm: Double?
        let powerAt: Date?
        /// Its battery is below `Sensor.lowBattery` percent.
        let lowBattery: Bool

        init(_ sensor: Sensor) {
            id = sensor.id!
            enclosureId = sensor.enclosureID
            name = sensor.name
            intervalSeconds = sensor.intervalSeconds
            keyIssuedAt = sensor.keyIssuedAt
            lastReadingAt = sensor.lastReadingAt
            paused = sensor.pausedAt != nil
            batteryPercent = sensor.batteryPercent
            signalDbm = sensor.signalDBm
            powerAt = sensor.powerAt
            lowBattery = sensor.batteryIsLow
        }
    }

    struct SensorUpdate: Content {
        let name: String?
        let intervalSeconds: FlexibleNumber?
        let paused: Bool?
        /// Moves the sensor there (`SensorService.update`).
        let enclosureId: UUID?
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
}
