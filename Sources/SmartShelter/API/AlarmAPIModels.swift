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
        /// `too_hot`, `too_cold`, `humidity`, `heat_stress`, `water`, `silence`,
        /// `duration_hot`, `duration_cold`, `food_not_eaten` or `not_refilled`.
        let kind: String
        /// `warning` or `critical`.
        let severity: String
        /// °C, %, the index, or seconds of silence.
        let value: Double?
        let openedAt: Date
        let lastSeenAt: Date
        let repeats: Int
        let acknowledgedBy: UUID?
        let acknowledgedByName: String?
        let acknowledgedAt: Date?
        /// Who resolved it; left out when it closed by itself (then `normalSince` says when
        /// the readings came back within the rules).
        let resolvedBy: UUID?
        let resolvedByName: String?
        let resolvedAt: Date?
        let normalSince: Date?
        /// When nobody had acknowledged it in 15 minutes and every director and doctor was told.
        let escalatedAt: Date?
        /// A spell already over when its readings came (a late buffer): recorded closed.
        let pastEpisode: Bool
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
            acknowledgedByName = summary.acknowledgedByName
            acknowledgedAt = alarm.acknowledgedAt
            resolvedBy = alarm.resolvedBy
            resolvedByName = summary.resolvedByName
            resolvedAt = alarm.resolvedAt
            normalSince = alarm.normalSince
            escalatedAt = alarm.escalatedAt
            pastEpisode = alarm.pastEpisode
            animals = summary.residents.map { Resident(id: $0.animal.id!, name: $0.animal.name, openDiseases: $0.openDiseases.map(\.name)) }
        }
    }
}
