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

/// Where a person stands in an event: with a place, or in the queue for one.
public enum ParticipationStatus: String, Sendable, Codable {
    case participant
    case waitlisted
}

/// What a participant is told about.
public enum NoticeKind: String, Sendable, Codable {
    case eventCancelled = "event_cancelled"
    case eventChanged = "event_changed"
    case promoted
    /// To the organiser: someone took a place, stood in the waitlist, or left.
    case personJoined = "person_joined"
    case personWaitlisted = "person_waitlisted"
    case personLeft = "person_left"
}
