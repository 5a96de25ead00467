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

    /// News about one's own place matters enough for mail by default; the comings and
    /// goings at a busy organiser's events would flood their inbox.
    var mailByDefault: Bool { self != .people }
}

extension NoticeKind {
    public var topic: NoticeTopic {
        switch self {
        case .promoted, .offered, .offerLapsed: .place
        case .eventChanged: .changed
        case .eventCancelled: .cancelled
        case .personJoined, .personWaitlisted, .personLeft: .people
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
