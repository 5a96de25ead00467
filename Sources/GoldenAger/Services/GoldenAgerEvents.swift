import Fluent
import Foundation
import Kernel

/// The live events of Golden Ager and who hears them. Payloads carry ids and statuses
/// only — never an address or a phone number — because city topics reach every
/// volunteer of the city; clients fetch what they may see.
public enum GoldenAgerEvents {
    public static func city(_ city: String) -> String { "golden-ager.city.\(city)" }
    public static func account(_ id: UUID) -> String { "golden-ager.account.\(id.uuidString.lowercased())" }
    public static let board = "golden-ager.board"

    /// Every event name a Golden Ager page or client may receive.
    public static let names = [
        "task.created", "task.taken", "task.accepted", "task.withdrawn", "task.cancelled", "task.done",
        "task.arrived", "task.finished", "task.reported", "task.offered", "task.attention",
        "task.declined", "task.credited", "task.updated", "volunteer.online", "volunteer.offline", "volunteer.approved", "volunteer.rejected", "relative.linked",
    ]

    public struct TaskPayload: Codable, Sendable {
        public let taskId: UUID
        public let status: TaskStatus
        public let city: String
        public let reason: String?
    }

    public struct VolunteerPayload: Codable, Sendable {
        public let volunteerId: UUID
        public let city: String
    }

    /// The topics a person's stream listens to: their own, their city's (volunteers),
    /// and the board (coordinators and admins).
    public static func topics(for member: Member) -> Set<String> {
        var topics: Set<String> = [account(member.id)]
        switch member.role {
        case .volunteer:
            if let city = member.profile?.city { topics.insert(Self.city(city)) }
        case .coordinator, .admin:
            topics.insert(board)
        case .pensioner, .relative, nil:
            break
        }
        return topics
    }
}

struct EventPublisher: Sendable {
    let context: GoldenAgerContext

    /// Publishes `name` about `task` on each topic. Called after the change committed,
    /// so no one hears of a change that was rolled back. What the pensioner hears, their
    /// relatives hear too.
    func task(_ name: String, _ task: HelpTask, reason: String? = nil, to topics: [String]) async throws {
        let payload = GoldenAgerEvents.TaskPayload(taskId: try task.requireID(), status: task.status, city: task.city, reason: reason)
        var topics = topics
        if topics.contains(GoldenAgerEvents.account(task.pensionerID)) {
            topics += try await RelativeService.relativeIDs(of: task.pensionerID, on: context.db).map(GoldenAgerEvents.account)
        }
        for topic in topics {
            try await context.events.publish(topic: topic, name: name, payload: payload, at: context.clock.now, on: context.db)
        }
    }

    func volunteer(_ name: String, id: UUID, city: String) async throws {
        try await context.events.publish(topic: GoldenAgerEvents.board, name: name,
                                         payload: GoldenAgerEvents.VolunteerPayload(volunteerId: id, city: city),
                                         at: context.clock.now, on: context.db)
    }
}
