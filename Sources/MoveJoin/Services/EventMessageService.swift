import Fluent
import Foundation
import Kernel
import SQLKit

/// Questions and answers on an event's page. The people in the event (with a place, in
/// the waitlist, offered one) and its organiser write; everyone signed in who opens the
/// event reads. The organiser's messages are news to everyone in it (notices, push and
/// mail as each chose); the organiser may remove any message, its author their own.
public struct EventMessageService: Sendable {
    public static let maxLength = 500
    /// At most this many messages a person writes in `window`, across all events: enough
    /// for a conversation, too few for a flood.
    public static let burst = 5
    public static let window: TimeInterval = 60

    let context: MoveJoinContext
    var db: any Database { context.db }

    /// The event's messages, oldest first (a conversation reads down); the newest 100.
    public func list(of eventID: UUID) async throws -> [EventMessage] {
        guard try await SportEvent.find(eventID, on: db) != nil else {
            throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found")
        }
        let newest = try await EventMessage.query(on: db).filter(\.$eventID == eventID).sort(\.$createdAt, .descending)
            .sort(\.$id, .descending).limit(100).all()
        return newest.reversed()
    }

    /// Writes a message; 403 for someone not in the event, 409 once it is over or
    /// cancelled, 422 for an empty or too long one, 429 past the rate limit.
    public func post(_ text: String?, on eventID: UUID, by mover: Mover) async throws -> EventMessage {
        var v = Kernel.Validator()
        let body = v.text("text", text, maxLength: Self.maxLength)
        let invalid = v
        let now = context.clock.now
        let participation = context.participation
        let (message, outcome) = try await db.writeTransaction { db -> (EventMessage, ParticipationService.Outcome) in
            guard let event = try await SportEvent.find(eventID, on: db) else {
                throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found")
            }
            let isOrganiser = event.creatorID == mover.id
            let isIn = try await ParticipationService.participation(of: mover.id, in: eventID, on: db) != nil
            guard isOrganiser || isIn else { throw AppError.forbidden }
            try ParticipationService.requireOpen(event, now: now)
            try invalid.throwIfInvalid()
            let recent = try await EventMessage.query(on: db).filter(\.$accountID == mover.id)
                .filter(\.$createdAt > now.addingTimeInterval(-Self.window)).count()
            guard recent < Self.burst else {
                throw AppError(.tooManyRequests, code: "too_many_messages", key: "mj.message.too_fast", headers: ["Retry-After": String(Int(Self.window))])
            }
            let message = EventMessage(eventID: eventID, author: mover, body: body!, byOrganiser: isOrganiser, at: now)
            try await message.create(on: db)
            guard isOrganiser else { return (message, Self.seen(event)) }
            let detail = NoticeDetail(message: String(body!.prefix(200)))
            let told = try await ParticipationService.tell(everyoneIn: event, except: mover.id, .organiserMessage, detail: detail, on: db, at: now)
            let outcome = ParticipationService.Outcome(event: event, status: nil, waitlistPosition: 0, promoted: [], told: told,
                                                       change: .organiserMessage, detail: detail)
            try await participation.queueNews(outcome, on: db)
            return (message, outcome)
        }
        await participation.publish(outcome)
        return message
    }

    /// Removes a message (its text is kept out of every answer from then on); only the
    /// organiser, or the message's author.
    public func remove(_ messageID: UUID, on eventID: UUID, by mover: Mover) async throws {
        guard let message = try await EventMessage.find(messageID, on: db), message.eventID == eventID,
              let event = try await SportEvent.find(eventID, on: db) else {
            throw AppError.notFound(code: "message_not_found", key: "mj.message.not_found")
        }
        guard event.creatorID == mover.id || message.accountID == mover.id else { throw AppError.forbidden }
        guard message.removedAt == nil else { return }
        message.removedAt = context.clock.now
        try await message.save(on: db)
        await context.participation.publish(Self.seen(event))
    }

    /// A change nobody is told of but the event's open pages, which refresh their messages.
    private static func seen(_ event: SportEvent) -> ParticipationService.Outcome {
        ParticipationService.Outcome(event: event, status: nil, waitlistPosition: 0, promoted: [], told: [])
    }
}
