/// Where a request for help stands. `done` and `cancelled` are final.
public enum TaskStatus: String, CaseIterable, Sendable, Codable {
    case searching
    case accepted
    case done
    case cancelled

    public var isOpen: Bool { self == .searching || self == .accepted }
    public var isFinal: Bool { !isOpen }
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
    case done
    /// Nobody accepted it in time: the server cancels it (`TaskExpiry`).
    case expired

    /// Which role may take this action (a pensioner's actions their relatives may take
    /// for them); nil: only the server.
    public var actor: GARole? {
        switch self {
        case .created, .cancelled, .done: .pensioner
        case .accepted, .declined, .withdrawn: .volunteer
        case .expired: nil
        }
    }

    /// The statuses the action may start from.
    public var allowedFrom: Set<TaskStatus> {
        switch self {
        case .created: []
        case .accepted, .declined, .expired: [.searching]
        case .withdrawn, .done: [.accepted]
        case .cancelled: [.searching, .accepted]
        }
    }

    /// The status after the action, or `nil` when it is not allowed from `status`.
    public func next(from status: TaskStatus) -> TaskStatus? {
        guard allowedFrom.contains(status) else { return nil }
        switch self {
        case .created, .declined, .withdrawn: return .searching
        case .accepted: return .accepted
        case .cancelled, .expired: return .cancelled
        case .done: return .done
        }
    }
}
