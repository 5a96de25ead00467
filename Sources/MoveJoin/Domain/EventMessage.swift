import Fluent
import Foundation
import Kernel

/// A short message on an event's page: a question from someone in it, or the organiser's
/// answer or news. The author's name is kept as written (the account may go; the message
/// stays, nameless of its account). A removed message keeps its row, not its words.
public final class EventMessage: Model, @unchecked Sendable {
    public static let schema = "mj_event_messages"
    @ID(key: .id) public var id: UUID?
    @Field(key: "event_id") public var eventID: UUID
    /// Nil once the author deleted their account.
    @OptionalField(key: "account_id") public var accountID: UUID?
    @Field(key: "author_name") public var authorName: String
    @Field(key: "body") public var body: String
    @Field(key: "by_organiser") public var byOrganiser: Bool
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "removed_at") public var removedAt: Date?

    public init() {}

    init(eventID: UUID, author: Mover, body: String, byOrganiser: Bool, at now: Date) {
        self.id = UUID.timeOrdered(at: now)
        self.eventID = eventID
        self.accountID = author.id
        self.authorName = author.profile.fullName
        self.body = body
        self.byOrganiser = byOrganiser
        self.createdAt = now
    }

    public var isRemoved: Bool { removedAt != nil }
}
