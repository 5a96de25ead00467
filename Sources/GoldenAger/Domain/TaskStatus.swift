/// Where a request for help stands. `done` and `cancelled` are final.
public enum TaskStatus: String, CaseIterable, Sendable, Codable {
    case searching
    case accepted
    /// The volunteer says it is done; the pensioner's side confirms it, or it confirms
    /// itself after `TaskClosing.confirmationWindow`. The volunteer is free for the next task.
    case finished
    case done
    case cancelled

    /// Open: it still holds the pensioner's one order (searching or accepted).
    public var isOpen: Bool { self == .searching || self == .accepted }
    public var isFinal: Bool { self == .done || self == .cancelled }
}

/// Everything that can happen to a task, and the state it leads to. The rules live here
/// once, free of I/O; services turn them into conditional updates the database enforces.
public enum TaskAction: String, CaseIterable, Sendable, Codable {
    case created
    case accepted
    /// A volunteer does not want it; it leaves their inbox and stays open for others.
    case declined
    /// The accepted volunteer gives it back with a reason; it is open again.
    case withdrawn
    case cancelled
    /// The accepted volunteer is at the pensioner's door: credited time starts.
    case arrived
    /// The volunteer says the help is given: credited time stops.
    case finished
    /// The pensioner's side confirms (from `accepted`, when the volunteer did not mark it).
    case done
    /// Nobody on the pensioner's side answered within the window: the server confirms.
    case confirmed
    /// Nobody accepted it in time: the server cancels it (`TaskExpiry`).
    case expired
    /// A coordinator asked one of their volunteers to take it; it stays open for all.
    case offered

    /// Which role may take this action (a pensioner's actions their relatives may take
    /// for them); nil: only the server.
    public var actor: GARole? {
        switch self {
        case .created, .cancelled, .done: .pensioner
        case .accepted, .declined, .withdrawn, .arrived, .finished: .volunteer
        case .offered: .coordinator
        case .expired, .confirmed: nil
        }
    }

    /// The statuses the action may start from.
    public var allowedFrom: Set<TaskStatus> {
        switch self {
        case .created: []
        case .accepted, .declined, .expired, .offered: [.searching]
        case .withdrawn, .arrived, .finished: [.accepted]
        case .done: [.accepted, .finished]
        case .confirmed: [.finished]
        case .cancelled: [.searching, .accepted]
        }
    }

    /// The status after the action, or `nil` when it is not allowed from `status`.
    public func next(from status: TaskStatus) -> TaskStatus? {
        guard allowedFrom.contains(status) else { return nil }
        switch self {
        case .created, .declined, .withdrawn, .offered: return .searching
        case .accepted, .arrived: return .accepted
        case .finished: return .finished
        case .cancelled, .expired: return .cancelled
        case .done, .confirmed: return .done
        }
    }
}
