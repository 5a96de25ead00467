import Kernel

/// Who a Golden Ager account is. Stored in `Account.role`.
public enum GARole: String, CaseIterable, Sendable, Codable {
    case pensioner
    case volunteer
    /// A younger relative who orders help for a pensioner linked to them (`RelativeService`).
    case relative
    /// Works for one organisation: sees the live board, manages its volunteers.
    case coordinator
    /// Runs the whole app (created with `hromada create-admin --app golden-ager`).
    case admin

    public init?(account: Account) {
        self.init(rawValue: account.role)
    }

    /// Roles that may open the board of open tasks and online volunteers.
    static let staff: Set<String> = [GARole.coordinator.rawValue, GARole.admin.rawValue]
}
