import Fluent
import Foundation

/// A person's sign-in to one app. Accounts are per app (a pensioner in Golden Ager and
/// a runner in MoveJoin are different accounts even for the same human); the app keeps
/// its own profile data in its own tables, keyed by the account id.
public final class Account: Model, @unchecked Sendable {
    public static let schema = "kernel_accounts"

    @ID(key: .id) public var id: UUID?
    /// The app's id (`AppDescriptor.id`).
    @Field(key: "app") public var app: String
    /// The normalised sign-in identifier (e-mail or phone number), unique per app.
    @Field(key: "login") public var login: String
    @Field(key: "password_hash") public var passwordHash: String
    /// App-defined role; `admin` is understood by the kernel.
    @Field(key: "role") public var role: String
    @Field(key: "display_name") public var displayName: String
    @OptionalField(key: "language") public var language: String?
    @OptionalField(key: "time_zone") public var timeZone: String?
    @OptionalField(key: "deactivated_at") public var deactivatedAt: Date?
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    public init(id: UUID? = nil, app: String, login: String, passwordHash: String, role: String, displayName: String, createdAt: Date) {
        self.id = id
        self.app = app
        self.login = login
        self.passwordHash = passwordHash
        self.role = role
        self.displayName = displayName
        self.createdAt = createdAt
    }

    public static let adminRole = "admin"

    public var isActive: Bool { deactivatedAt == nil }
    public var isAdmin: Bool { role == Account.adminRole }
    public var preferredLanguage: Language? { Language(code: language) }

    /// The names of the accounts `ids` (a record's author, who fed, who acknowledged), in one
    /// query; an id with no account is left out.
    public static func displayNames(of ids: some Sequence<UUID>, on db: any Database) async throws -> [UUID: String] {
        let wanted = Set(ids)
        guard !wanted.isEmpty else { return [:] }
        return Dictionary(uniqueKeysWithValues: try await Account.query(on: db).filter(\.$id ~~ wanted).all().map { ($0.id!, $0.displayName) })
    }
}
