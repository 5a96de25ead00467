import Fluent
import Foundation
import Vapor

/// The secret behind a person's calendar feed: the address a phone calendar subscribes
/// to. Calendar apps cannot sign in, so the secret in the URL is the only credential; only
/// its hash is stored (like API tokens), so the address is shown once, when it is made.
public final class CalendarFeedSecret: Model, @unchecked Sendable {
    public static let schema = "kernel_calendar_feeds"
    @ID(custom: "account_id", generatedBy: .user) public var id: UUID?
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "created_at") public var createdAt: Date

    public init() {}

    init(accountID: UUID, tokenHash: String, at now: Date) {
        self.id = accountID
        self.tokenHash = tokenHash
        self.createdAt = now
    }
}

/// Making, finding and revoking calendar-feed secrets, for any app (one feed per account).
public struct CalendarFeeds: Sendable {
    let database: any Database
    let clock: any WallClock

    public init(database: any Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    /// A new secret for the account's feed; the previous one stops working at once.
    public func create(for accountID: UUID) async throws -> (token: String, createdAt: Date) {
        let token = SecretToken.generate()
        let now = clock.now
        try await database.writeTransaction { db in
            try await CalendarFeedSecret.query(on: db).filter(\.$id == accountID).delete()
            try await CalendarFeedSecret(accountID: accountID, tokenHash: SecretToken.hash(token), at: now).create(on: db)
        }
        return (token, now)
    }

    /// When the account's current feed was made; nil without one.
    public func createdAt(for accountID: UUID) async throws -> Date? {
        try await CalendarFeedSecret.find(accountID, on: database)?.createdAt
    }

    public func revoke(for accountID: UUID, on db: (any Database)? = nil) async throws {
        try await CalendarFeedSecret.query(on: db ?? database).filter(\.$id == accountID).delete()
    }

    /// The active account of `app` whose feed secret is `token`; nil for an unknown,
    /// revoked or other app's secret, or a deactivated account.
    public func owner(ofToken token: String, app: String) async throws -> UUID? {
        guard let secret = try await CalendarFeedSecret.query(on: database).filter(\.$tokenHash == SecretToken.hash(token)).first(),
              let accountID = secret.id,
              let account = try await Account.find(accountID, on: database),
              account.app == app, account.isActive else { return nil }
        return accountID
    }
}

extension Request {
    public var calendarFeeds: CalendarFeeds { CalendarFeeds(database: db, clock: clock) }
}

struct CreateCalendarFeeds: AsyncMigration {
    var name: String { "kernel.008.calendar_feeds" }

    func prepare(on database: any Database) async throws {
        try await database.schema(CalendarFeedSecret.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_kernel_calendar_feeds_token")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CalendarFeedSecret.schema).delete()
    }
}
