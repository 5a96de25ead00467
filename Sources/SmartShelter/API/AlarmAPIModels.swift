import Foundation
import Kernel
import Vapor

/// The JSON shape of an alarm.
extension SSModels {
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
}
