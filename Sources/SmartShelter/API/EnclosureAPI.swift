import Foundation
import Kernel
import Vapor

/// Enclosures, their conditions, readings and charts, and their sensors.
extension ShelterAPI {
    static func enclosures(_ req: Request) async throws -> [M.EnclosureDTO] {
        try await req.shelter.enclosures.list(for: try await req.staffMember()).map(M.EnclosureDTO.init)
    }

    static func enclosure(_ req: Request) async throws -> M.EnclosureDTO {
        let person = try await req.staffMember()
        return M.EnclosureDTO(try await req.shelter.enclosures.summary(try enclosureID(req), for: person))
    }

    static func createEnclosure(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewEnclosure.self)
        let enclosure = try await req.shelter.enclosures.create(name: input.name, description: input.description,
                                                               conditions: input.conditions?.input ?? ConditionsInput(.standard), by: person)
        let summary = EnclosureSummary(enclosure: enclosure, sensors: [], latest: nil)
        return try await M.EnclosureDTO(summary).created(at: "\(SmartShelter.descriptor.apiPath)/enclosures/\(enclosure.id!.uuidString.lowercased())", for: req)
    }

    static func setConditions(_ req: Request) async throws -> M.Conditions {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.ConditionsBody.self)
        return M.Conditions(try await req.shelter.enclosures.setConditions(of: try enclosureID(req), to: input.input, by: person).conditions)
    }

    /// The last `hours` (24 unless asked, at most 72) of the enclosure's readings, newest first.
    static func readings(_ req: Request) async throws -> [M.ReadingDTO] {
        let person = try await req.staffMember()
        let hours = try req.query.get(Int?.self, at: "hours") ?? 24
        guard (1...72).contains(hours) else { throw AppError.badRequest(code: "bad_hours", key: "ss.error.bad_hours") }
        let since = req.shelter.clock.now.addingTimeInterval(-Double(hours) * 3600)
        return try await req.shelter.readings.recent(in: try enclosureID(req), since: since, limit: 5000, for: person)
            .map { M.ReadingDTO($0.reading, sensorID: $0.sensorID) }
    }

    /// The enclosure's roll-ups over `range` (`day` by the hour, `week` by six hours,
    /// `month` by the day), all its sensors together.
    static func chart(_ req: Request) async throws -> Response {
        let range = Result { () throws -> ChartRange in
            let text = try req.query.get(String?.self, at: "range") ?? ChartRange.day.rawValue
            guard let range = ChartRange(rawValue: text) else { throw AppError.badRequest(code: "bad_range", key: "ss.error.bad_range") }
            return range
        }
        let chart = try await req.shelter.chartStore.chart(by: req.caller(in: SmartShelter.descriptor), of: Result { try enclosureID(req) },
                                                            over: range)
        return Response(status: .ok, json: M.ChartDTO(chart))
    }

    static func createSensor(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.NewSensor.self)
        let issued = try await req.shelter.sensors.create(in: try enclosureID(req), name: input.name, intervalSeconds: input.intervalSeconds?.text,
                                                          by: person)
        return try await M.SensorKey(sensor: M.SensorDTO(issued.sensor), key: issued.key)
            .created(at: "\(SmartShelter.descriptor.apiPath)/sensors/\(issued.sensor.id!.uuidString.lowercased())", for: req)
    }

    static func rotateKey(_ req: Request) async throws -> M.SensorKey {
        let person = try await req.staffMember()
        let issued = try await req.shelter.sensors.rotateKey(of: try sensorID(req), by: person)
        return M.SensorKey(sensor: M.SensorDTO(issued.sensor), key: issued.key)
    }

    static func updateSensor(_ req: Request) async throws -> M.SensorDTO {
        let person = try await req.staffMember()
        let input = try req.content.decode(M.SensorUpdate.self)
        return M.SensorDTO(try await req.shelter.sensors.update(try sensorID(req), name: input.name, intervalSeconds: input.intervalSeconds?.text,
                                                                paused: input.paused, enclosureID: input.enclosureId, by: person))
    }

    static func retireSensor(_ req: Request) async throws -> HTTPStatus {
        let person = try await req.staffMember()
        try await req.shelter.sensors.retire(try sensorID(req), by: person)
        return .noContent
    }
}
