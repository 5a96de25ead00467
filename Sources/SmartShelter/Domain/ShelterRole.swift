import Kernel

/// What a member of the shelter's staff may do. The director is the kernel's
/// administrator (so `hromada create-admin` makes one); a new sign-up is pending until the
/// director gives a role.
public enum ShelterRole: String, Sendable, CaseIterable, Codable {
    case director = "admin"
    case doctor
    case storekeeper
    case pending

    /// The roles a director gives (not "pending": a person is taken off the staff by
    /// deactivating their account).
    public static let assignable: [ShelterRole] = [.director, .doctor, .storekeeper]

    /// The name in the API and the catalog: `director`, not the kernel's `admin`.
    public var apiName: String { self == .director ? "director" : rawValue }

    public init?(apiName: String) {
        guard let role = Self.allCases.first(where: { $0.apiName == apiName }) else { return nil }
        self = role
    }
}
