import Foundation

/// The live events of MoveJoin. Payloads carry ids and counts; pages fetch the rest.
public enum MoveJoinEvents {
    public static func event(_ id: UUID) -> String { "movejoin.event.\(id.uuidString.lowercased())" }
    public static func account(_ id: UUID) -> String { "movejoin.account.\(id.uuidString.lowercased())" }

    public struct EventPayload: Codable, Sendable {
        public let eventId: UUID
        public let participantCount: Int
        public let waitlistCount: Int
        public let status: EventStatus
    }
}
