import Fluent
import Foundation
import Kernel
import SQLKit

/// What MoveJoin knows about a person beyond their sign-in (the e-mail is the
/// account's login); keyed by the account id.
public final class MoveJoinProfile: Model, @unchecked Sendable {
    public static let schema = "mj_profiles"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "name") public var name: String
    @Field(key: "surname") public var surname: String
    /// The city the person's event list opens on.
    @Field(key: "city_id") public var cityID: String
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    public init(accountID: UUID, name: String, surname: String, cityID: String, at now: Date) {
        self.id = accountID
        self.name = name
        self.surname = surname
        self.cityID = cityID
        self.createdAt = now
        self.updatedAt = now
    }

    public var fullName: String { "\(name) \(surname)" }
    public var city: City? { City.find(cityID) }
}

/// What follows from an event's stored values — its end, the places left — written once
/// for the model and the plain record.
public protocol EventFacts {
    var startsAt: Date { get }
    var durationMinutes: Int { get }
    var capacity: Int { get }
    var participantCount: Int { get }
    var cityID: String { get }
    var sportTypeID: String { get }
    var minPlayers: Int? { get }
    var decision: GameDecision? { get }
}

extension EventFacts {
    public var endsAt: Date { startsAt.addingTimeInterval(TimeInterval(durationMinutes * 60)) }
    public var placesLeft: Int { max(0, capacity - participantCount) }
    public var isFull: Bool { participantCount >= capacity }
    public var city: City? { City.find(cityID) }
    public var sportType: SportType? { SportType.find(sportTypeID) }
    /// How many more players the game needs before its decision time; 0 when it has
    /// enough, has no minimum, or was decided.
    public var playersNeeded: Int { decision == nil ? max(0, (minPlayers ?? 0) - participantCount) : 0 }
}

/// An event as plain values, for what is only shown: lists, pages and API answers.
/// Reading a `SportEvent`'s property wrappers, and making and freeing the models, were a
/// large part of a search's CPU (see docs/decisions/hot-paths-without-fluent-models.md).
public struct EventRecord: EventFacts, Sendable {
    public let id: UUID
    public let creatorID: UUID?
    public let sportTypeID: String
    public let title: String
    public let details: String
    public let cityID: String
    public let venue: String
    public let latitude: Double?
    public let longitude: Double?
    public let startsAt: Date
    public let durationMinutes: Int
    public let capacity: Int
    public let skillLevel: SkillLevel
    public let status: EventStatus
    public let participantCount: Int
    public let waitlistCount: Int
    public let createdAt: Date
    public let updatedAt: Date
    /// At least this many players, decided at `decideAt`; nil for a game without a minimum.
    public var minPlayers: Int? = nil
    public var decideAt: Date? = nil
    public var decision: GameDecision? = nil
}

extension EventRecord {
    /// A saved event's values.
    public init(_ event: SportEvent) {
        self.init(id: event.id!, creatorID: event.creatorID, sportTypeID: event.sportTypeID, title: event.title, details: event.details,
                  cityID: event.cityID, venue: event.venue, latitude: event.latitude, longitude: event.longitude, startsAt: event.startsAt,
                  durationMinutes: event.durationMinutes, capacity: event.capacity, skillLevel: event.skillLevel, status: event.status,
                  participantCount: event.participantCount, waitlistCount: event.waitlistCount, createdAt: event.createdAt,
                  updatedAt: event.updatedAt, minPlayers: event.minPlayers, decideAt: event.decideAt, decision: event.decision)
    }
}

/// A group sport event. `participantCount` and `waitlistCount` are kept in step with
/// the participation rows by the same transaction that changes them, under a lock on
/// this row, and a CHECK constraint stops the count from ever passing the capacity.
public final class SportEvent: Model, EventFacts, @unchecked Sendable {
    public static let schema = "mj_events"
    @ID(key: .id) public var id: UUID?
    /// Nil once the creator has deleted their account (their past events stay in others' history).
    @OptionalField(key: "creator_id") public var creatorID: UUID?
    @Field(key: "sport_type_id") public var sportTypeID: String
    @Field(key: "title") public var title: String
    @Field(key: "description") public var details: String
    @Field(key: "city_id") public var cityID: String
    @Field(key: "venue") public var venue: String
    @OptionalField(key: "latitude") public var latitude: Double?
    @OptionalField(key: "longitude") public var longitude: Double?
    /// UTC; shown in the city's time zone.
    @Field(key: "starts_at") public var startsAt: Date
    @Field(key: "duration_minutes") public var durationMinutes: Int
    @Field(key: "capacity") public var capacity: Int
    @Enum(key: "skill_level") public var skillLevel: SkillLevel
    @Enum(key: "status") public var status: EventStatus
    @Field(key: "participant_count") public var participantCount: Int
    @Field(key: "waitlist_count") public var waitlistCount: Int
    /// The arrival number the next join gets: the waitlist is served in this order.
    @Field(key: "next_queue_number") public var nextQueueNumber: Int
    /// Lower-cased title, description and venue, for text search that treats Cyrillic
    /// case alike on SQLite (whose LIKE folds ASCII only) and PostgreSQL.
    @Field(key: "search_text") public var searchText: String
    /// At least this many players by `decideAt`, or the game is called off (MJ010).
    @OptionalField(key: "min_players") public var minPlayers: Int?
    @OptionalField(key: "decide_at") public var decideAt: Date?
    /// `GameDecision`, once the decision time came.
    @OptionalField(key: "decision") public var decisionValue: String?
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}


    public var decision: GameDecision? {
        get { decisionValue.flatMap(GameDecision.init(rawValue:)) }
        set { decisionValue = newValue?.rawValue }
    }

    static func searchText(title: String, details: String, venue: String) -> String {
        [title, details, venue].joined(separator: "\n").lowercased()
    }
}

/// One person's place (or place in the queue) in one event; unique per event and person.
public final class Participation: Model, @unchecked Sendable {
    public static let schema = "mj_participations"
    @ID(key: .id) public var id: UUID?
    @Field(key: "event_id") public var eventID: UUID
    @Field(key: "account_id") public var accountID: UUID
    @Enum(key: "status") public var status: ParticipationStatus
    /// Arrival order within the event (1 = the creator).
    @Field(key: "queue_number") public var queueNumber: Int
    @Field(key: "joined_at") public var joinedAt: Date
    @OptionalField(key: "promoted_at") public var promotedAt: Date?
    /// While `offered`: when the held place passes to the next in line (MJ009).
    @OptionalField(key: "offer_expires_at") public var offerExpiresAt: Date?

    public init() {}

    public init(eventID: UUID, accountID: UUID, status: ParticipationStatus, queueNumber: Int, at now: Date) {
        self.eventID = eventID
        self.accountID = accountID
        self.status = status
        self.queueNumber = queueNumber
        self.joinedAt = now
    }
}

/// Something that happened to an event a person takes part in.
public final class Notice: Model, @unchecked Sendable {
    public static let schema = "mj_notices"
    @ID(key: .id) public var id: UUID?
    @Field(key: "account_id") public var accountID: UUID
    @Field(key: "event_id") public var eventID: UUID
    @Enum(key: "kind") public var kind: NoticeKind
    /// The title when it happened (the event may change or lose its creator later).
    @Field(key: "event_title") public var eventTitle: String
    @Field(key: "created_at") public var createdAt: Date
    @OptionalField(key: "read_at") public var readAt: Date?
    /// `NoticeDetail` as JSON, when the kind says more.
    @OptionalField(key: "detail") public var detailJSON: String?

    public init() {}

    public init(accountID: UUID, eventID: UUID, kind: NoticeKind, eventTitle: String, detail: NoticeDetail? = nil, at now: Date) {
        self.accountID = accountID
        self.eventID = eventID
        self.kind = kind
        self.eventTitle = eventTitle
        self.detailJSON = detail?.json
        self.createdAt = now
    }

    public var detail: NoticeDetail? { detailJSON.flatMap(NoticeDetail.init(json:)) }
}

/// A sport a person follows in their city: they are told of games there that need players.
public final class SportFollow: Model, @unchecked Sendable {
    public static let schema = "mj_sport_follows"
    @ID(key: .id) public var id: UUID?
    @Field(key: "account_id") public var accountID: UUID
    @Field(key: "sport_type_id") public var sportTypeID: String

    public init() {}

    init(accountID: UUID, sportTypeID: String) {
        self.accountID = accountID
        self.sportTypeID = sportTypeID
    }
}

/// A person's saved `NoticeChoices` (no row: `NoticeChoices.standard`); each column lists
/// the topics that are on, comma-separated.
public final class NoticeSettings: Model, @unchecked Sendable {
    public static let schema = "mj_notice_settings"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "push_topics") public var pushTopics: String
    @Field(key: "mail_topics") public var mailTopics: String
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    init(accountID: UUID, _ choices: NoticeChoices, at now: Date) {
        self.id = accountID
        self.updatedAt = now
        self.choices = choices
    }

    var choices: NoticeChoices {
        get {
            func topics(_ text: String) -> Set<NoticeTopic> { Set(text.split(separator: ",").compactMap { NoticeTopic(rawValue: String($0)) }) }
            return NoticeChoices(push: topics(pushTopics), mail: topics(mailTopics))
        }
        set {
            func text(_ topics: Set<NoticeTopic>) -> String { NoticeTopic.allCases.filter(topics.contains).map(\.rawValue).joined(separator: ",") }
            pushTopics = text(newValue.push)
            mailTopics = text(newValue.mail)
        }
    }
}

/// What a notice says beyond its kind: what an edit changed, each as before and after,
/// or who joined or left. Language-free: it is put in words when shown (`NoticeText`).
public struct NoticeDetail: Codable, Sendable, Equatable {
    public struct Change<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public let before: Value
        public let after: Value
    }

    /// A venue and its city (by id, named in the reader's language).
    public struct Place: Codable, Sendable, Equatable {
        public let venue: String
        public let cityID: String
    }

    public var startsAt: Change<Date>?
    /// The city's zone the times are told in.
    public var timeZone: String?
    public var place: Change<Place>?
    public var durationMinutes: Change<Int>?
    /// The person who joined or left.
    public var person: String?
    /// Until when an offered place is held.
    public var holdUntil: Date?
    /// The organiser's message (its start), for a notice of one.
    public var message: String?
    /// How many more players a game needs (to its followers), and when it is decided.
    public var playersNeeded: Int?
    public var decideAt: Date?

    public init(startsAt: Change<Date>? = nil, timeZone: String? = nil, place: Change<Place>? = nil, durationMinutes: Change<Int>? = nil,
                person: String? = nil, holdUntil: Date? = nil, playersNeeded: Int? = nil, decideAt: Date? = nil, message: String? = nil) {
        self.message = message
        self.holdUntil = holdUntil
        self.playersNeeded = playersNeeded
        self.decideAt = decideAt
        self.startsAt = startsAt
        self.timeZone = timeZone
        self.place = place
        self.durationMinutes = durationMinutes
        self.person = person
    }

    /// What changed from `before` to `after` (the time, the place with its city, the
    /// length); nil when none of these did.
    static func change(from before: EventRecord, to after: EventRecord) -> NoticeDetail? {
        func place(_ event: EventRecord) -> Place { Place(venue: event.venue, cityID: event.cityID) }
        var detail = NoticeDetail(timeZone: after.city?.timeZone.identifier)
        if before.startsAt != after.startsAt { detail.startsAt = Change(before: before.startsAt, after: after.startsAt) }
        if place(before) != place(after) { detail.place = Change(before: place(before), after: place(after)) }
        if before.durationMinutes != after.durationMinutes {
            detail.durationMinutes = Change(before: before.durationMinutes, after: after.durationMinutes)
        }
        return detail.startsAt == nil && detail.place == nil && detail.durationMinutes == nil ? nil : detail
    }

    var json: String? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }

    init?(json: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let decoded = try? decoder.decode(NoticeDetail.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }
}
