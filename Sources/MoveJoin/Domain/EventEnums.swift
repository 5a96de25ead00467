/// How good participants are expected to be.
public enum SkillLevel: String, Sendable, CaseIterable, Codable {
    case any
    case beginner
    case intermediate
    case advanced
}

/// An event is scheduled until its creator cancels it (or deletes their account).
public enum EventStatus: String, Sendable, Codable {
    case scheduled
    case cancelled
}

/// What became of a game with a minimum number of players at its decision time.
public enum GameDecision: String, Sendable, Codable {
    case confirmed
    /// Too few players: the event was cancelled by itself.
    case calledOff = "called_off"
}

/// Where a person stands in an event: with a place, in the queue for one, or offered a
/// freed place they have until `Participation.offerExpiresAt` to take.
public enum ParticipationStatus: String, Sendable, Codable {
    case participant
    case waitlisted
    /// A place freed within a day of the start, held for the first in line: counted as
    /// taken until they accept it, decline it, or the hold runs out.
    case offered

    /// Counted in `participantCount`: a place of the capacity is theirs or held for them.
    public var holdsPlace: Bool { self != .waitlisted }
}

/// What a participant is told about.
public enum NoticeKind: String, Sendable, Codable {
    case eventCancelled = "event_cancelled"
    case eventChanged = "event_changed"
    case promoted
    /// A freed place is held for you until `NoticeDetail.holdUntil`.
    case offered
    /// The hold ran out; the place went to the next in line.
    case offerLapsed = "offer_lapsed"
    /// The decision time came with enough players: the game is on.
    case gameConfirmed = "game_confirmed"
    /// The decision time came with too few players: the game is called off.
    case gameCalledOff = "game_called_off"
    /// To someone following the sport in the city: a game there needs players.
    case playersNeeded = "players_needed"
    /// The organiser wrote on the event's page.
    case organiserMessage = "organiser_message"
    /// To the organiser: someone took a place, stood in the waitlist, or left.
    case personJoined = "person_joined"
    case personWaitlisted = "person_waitlisted"
    case personLeft = "person_left"
}

/// The kinds of news a person chooses how to hear, each by push and by e-mail
/// (`NoticeChoices`); every `NoticeKind` belongs to one.
public enum NoticeTopic: String, Sendable, Codable, CaseIterable {
    /// A place became yours.
    case place
    /// An event you are in moved, or its place or length changed.
    case changed
    case cancelled
    /// To the organiser: people joining, queueing and leaving.
    case people
    /// Whether a game with a minimum number of players takes place.
    case decision
    /// Games in one's city, of the sports one follows, that need players.
    case nearby
    /// What the organiser writes on the page of an event one is in.
    case messages

    /// News about one's own games matters enough for mail by default; the comings and
    /// goings at a busy organiser's events, and every game nearby, would flood an inbox.
    var mailByDefault: Bool { self != .people && self != .nearby }
}

extension NoticeKind {
    public var topic: NoticeTopic {
        switch self {
        case .promoted, .offered, .offerLapsed: .place
        case .eventChanged: .changed
        case .eventCancelled: .cancelled
        case .personJoined, .personWaitlisted, .personLeft: .people
        case .gameConfirmed, .gameCalledOff: .decision
        case .playersNeeded: .nearby
        case .organiserMessage: .messages
        }
    }
}

/// How a person wants each topic's news: on their phones (push) and by e-mail. Without
/// a saved choice, push for everything and mail for all but `people`.
public struct NoticeChoices: Sendable, Equatable {
    public var push: Set<NoticeTopic>
    public var mail: Set<NoticeTopic>

    public init(push: Set<NoticeTopic>, mail: Set<NoticeTopic>) {
        self.push = push
        self.mail = mail
    }

    public static let standard = NoticeChoices(push: Set(NoticeTopic.allCases), mail: Set(NoticeTopic.allCases.filter(\.mailByDefault)))
}
