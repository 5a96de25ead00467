import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor

extension MoveJoinTests {
    /// Proto3's JSON mapping drops fields holding their default value; a JSON client
    /// must still see every field, so `0`, `""`, `false` and `[]` are written out.
    @Suite("JSON answers carry every field")
    struct JSONMappingTests {
        /// The answer's top-level JSON object.
        func object(_ answer: Answer) throws -> [String: Any] {
            #expect(answer.contentType.hasPrefix("application/json"), "\(answer.contentType)")
            return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any], "\(answer.text)")
        }

        @Test("a full event says placesLeft 0, waitlistCount 0 and myWaitlistPosition 0; unset optional fields stay out")
        func fullEvent() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator, eventInput(capacity: 2))
                #expect(try await join(app, event, try await register(app)).status == .ok)

                let answer = try await call(app, .GET, "/events/\(event)", token: creator.token, wire: .json)
                let json = try object(answer)
                #expect(json["placesLeft"] as? Int == 0, "\(answer.text)")
                #expect(json["waitlistCount"] as? Int == 0)
                #expect(json["myWaitlistPosition"] as? Int == 0)
                #expect(json["participantCount"] as? Int == 2)
                #expect(json["latitude"] == nil && json["longitude"] == nil, "no place was given: optional fields stay absent")
                let creatorJSON = try #require(json["creator"] as? [String: Any])
                #expect((creatorJSON["id"] as? String)?.lowercased() == creator.id.uuidString.lowercased())

                // Every field of Event without presence is there.
                let withoutPresence = ["id", "sportTypeId", "sportTypeName", "title", "description", "cityId", "cityName", "timeZone",
                                       "venue", "localStart", "durationMinutes", "capacity", "participantCount", "waitlistCount",
                                       "placesLeft", "skillLevel", "status", "myStatus", "myWaitlistPosition"]
                #expect(Set(withoutPresence).subtracting(json.keys).isEmpty, "missing: \(Set(withoutPresence).subtracting(json.keys))")

                // The completed answer is still the protobuf JSON mapping: it reads back as the binary answer does.
                let binary = try await call(app, .GET, "/events/\(event)", token: creator.token, wire: .binary).message(MJEvent.self)
                #expect(try answer.message(MJEvent.self) == binary)
            }
        }

        @Test("an empty search answers events: [] and an empty nextPageToken; enums with their zero name")
        func emptyLists() async throws {
            try await withMoveJoin { app in
                let viewer = try await register(app)
                let answer = try await call(app, .GET, "/events?city=odesa", token: viewer.token, wire: .json)
                #expect(answer.status == .ok, "\(answer.text)")
                let json = try object(answer)
                #expect((json["events"] as? [Any])?.isEmpty == true, "\(answer.text)")
                #expect(json["nextPageToken"] as? String == "")

                // Leaving: status NONE (the enum's zero) and position 0, and the nested event complete too.
                let event = try await createEvent(app, by: try await register(app))
                #expect(try await join(app, event, viewer).status == .ok)
                let participation = try await call(app, .POST, "/events/\(event)/leave", token: viewer.token, wire: .json)
                #expect(participation.status == .ok, "\(participation.text)")
                let left = try object(participation)
                #expect(left["status"] as? String == "PARTICIPATION_STATUS_NONE", "\(participation.text)")
                #expect(left["waitlistPosition"] as? Int == 0)
                let nested = try #require(left["event"] as? [String: Any])
                #expect(nested["myWaitlistPosition"] as? Int == 0 && nested["waitlistCount"] as? Int == 0, "\(participation.text)")
            }
        }

        @Test("errors too: field is \"\" and violations [] when the error names none")
        func errors() async throws {
            try await withMoveJoin { app in
                let viewer = try await register(app)
                let answer = try await call(app, .GET, "/events/\(UUID())", token: viewer.token, wire: .json)
                #expect(answer.status == .notFound)
                let json = try object(answer)
                #expect(json["field"] as? String == "" && (json["violations"] as? [Any])?.isEmpty == true, "\(answer.text)")
            }
        }
    }
}
