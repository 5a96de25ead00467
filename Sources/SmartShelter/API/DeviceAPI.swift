import Foundation
import Kernel
import Vapor

/// The sensor devices' two calls, signed with the sensor's key (not a person's token).
extension ShelterAPI {
    /// `POST /sensors/{id}/readings` with `Authorization: Bearer <sensor key>`: one reading,
    /// or `{"readings": [...]}`. A single reading that is refused is a 422 with its reason;
    /// in a batch the valid ones are stored and each refused one is listed.
    static func postReadings(_ req: Request) async throws -> Response {
        let id = try sensorID(req)
        // The store checks the key before it opens the body: a device without one learns nothing more.
        let body = Result { try req.content.decode(M.ReadingsBody.self) }
        let result = try await req.shelter.readingStore.record(for: id, key: req.bearerToken, body.map(\.readings))
        if case .success(.single) = body, let refusal = result.refused.first {
            throw AppError(.unprocessableEntity, code: Self.code(refusal.reason), key: refusal.reason)
        }
        // The person's language is looked up only for a refusal to explain.
        let refused = result.refused.isEmpty ? [] : result.refused.map { [l = req.localizer] in
            M.IngestAnswer.Refused(index: $0.index, code: Self.code($0.reason), message: l.text($0.reason))
        }
        return Response(status: .ok, json: M.IngestAnswer(stored: result.stored, duplicates: result.duplicates, refused: refused))
    }

    /// The server's clock, for a device without one of its own (the original's `time/{id}`).
    static func deviceTime(_ req: Request) async throws -> M.DeviceTime {
        _ = try await req.shelter.sensors.authenticate(try sensorID(req), key: req.bearerToken)
        return M.DeviceTime(now: req.shelter.clock.now)
    }

    /// `ss.reading.future` → `reading_future`.
    static func code(_ key: String) -> String {
        "reading_" + key.split(separator: ".").last.map(String.init)!
    }
}
