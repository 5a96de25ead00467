import Fluent
import Foundation
import Kernel

/// A person's calendar feed: a secret address a phone calendar subscribes to, listing the
/// events they joined with a reminder before each. Only a hash of the secret is stored, so
/// the address is shown once, when it is made; making a new one retires the old.
public struct CalendarFeedService: Sendable {
    /// How long before the start the phone reminds.
    public static let reminderLead: TimeInterval = 60 * 60

    let context: MoveJoinContext
    var db: any Database { context.db }

    var feeds: CalendarFeeds { CalendarFeeds(database: db, clock: context.clock) }

    /// A new secret for the person's feed (the previous one stops working at once).
    public func create(for mover: Mover) async throws -> (token: String, createdAt: Date) {
        try await feeds.create(for: mover.id)
    }

    /// When the person's current feed was made; nil without one.
    public func createdAt(for mover: Mover) async throws -> Date? {
        try await feeds.createdAt(for: mover.id)
    }

    public func revoke(for mover: Mover) async throws {
        try await feeds.revoke(for: mover.id)
    }

    /// The events of the feed whose secret is `token` (nil when it is unknown or revoked):
    /// the person's places and waitlist entries from 30 days ago on, cancelled ones included
    /// so the phone shows them cancelled.
    public func events(forToken token: String) async throws -> (owner: UUID, events: [(SportEvent, Participation)])? {
        guard let owner = try await feeds.owner(ofToken: token, app: MoveJoin.id) else { return nil }
        let places = try await Participation.query(on: db).filter(\.$accountID == owner).all()
        guard !places.isEmpty else { return (owner, []) }
        let placeByEvent = Dictionary(places.map { ($0.eventID, $0) }, uniquingKeysWith: { first, _ in first })
        let since = context.clock.now.addingTimeInterval(-30 * 86_400)
        let events = try await SportEvent.query(on: db).filter(\.$id ~~ Array(placeByEvent.keys)).filter(\.$startsAt >= since)
            .sort(\.$startsAt).limit(500).all()
        return (owner, events.compactMap { event in event.id.flatMap { placeByEvent[$0] }.map { (event, $0) } })
    }
}
