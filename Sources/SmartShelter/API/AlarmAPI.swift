import Foundation
import Kernel
import Vapor

/// Alarms, their live stream, acknowledging and resolving them.
extension ShelterAPI {
    /// Open alarms (critical first), then the last day's resolved ones.
    static func alarms(_ req: Request) async throws -> [M.AlarmDTO] {
        try await req.shelter.alarms.list(for: try await req.staffMember()).map(M.AlarmDTO.init)
    }

    /// The alarms' event stream (Server-Sent Events), as the dashboard gets it: resumable
    /// with `Last-Event-ID`.
    static func events(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        guard person.role != .pending else { throw ShelterContext.pending }
        return ServerSentEvents.response(for: req, topics: [ShelterEvents.alarms])
    }

    static func acknowledgeAlarm(_ req: Request) async throws -> M.AlarmDTO {
        let person = try await req.staffMember()
        let alarms = req.shelter.alarms
        return M.AlarmDTO(try await alarms.summary(of: try await alarms.acknowledge(try alarmID(req), by: person)))
    }

    static func resolveAlarm(_ req: Request) async throws -> M.AlarmDTO {
        let person = try await req.staffMember()
        let alarms = req.shelter.alarms
        return M.AlarmDTO(try await alarms.summary(of: try await alarms.resolve(try alarmID(req), by: person)))
    }
}
