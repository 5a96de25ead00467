import Fluent
import Foundation

/// One unsubscribe link (`kernel_unsubscribe_links`): who may stop which kind of an
/// app's mail with it. Only the SHA-256 of the link's secret is stored.
public final class UnsubscribeLinkRecord: Model, @unchecked Sendable {
    public static let schema = "kernel_unsubscribe_links"

    @ID(custom: "token_hash", generatedBy: .user) public var id: String?
    @Field(key: "app") public var app: String
    @Field(key: "account_id") public var accountID: UUID
    /// The app's name for the kind of mail (MoveJoin's `NoticeTopic`).
    @Field(key: "topic") public var topic: String
    @Field(key: "created_at") public var createdAt: Date

    public init() {}
}

/// Unsubscribe links for an app's mail, RFC 8058's one-click kind: each mail gets a link
/// of its own (`link`), whose secret is the only credential — a mail app POSTs to it
/// without cookies, so the kernel's CSRF check lets `<app>/unsubscribe/<secret>` through
/// (`isOneClickPath`); the app's page answers it (`find`, then the app turns the mail off).
public struct MailUnsubscribes: Sendable {
    /// The path component the app's unsubscribe page is mounted under.
    public static let pathComponent = "unsubscribe"

    let db: any Database
    let clock: any WallClock
    let publicURL: String

    public init(db: any Database, clock: any WallClock, publicURL: String) {
        self.db = db
        self.clock = clock
        self.publicURL = publicURL
    }

    /// A new link stopping `topic` mail of `app` to `accountID`, written on `db` (the
    /// transaction queuing the mail).
    public func link(app: AppDescriptor, account accountID: UUID, topic: String, on db: (any Database)? = nil) async throws -> String {
        let secret = SecretToken.generate()
        let record = UnsubscribeLinkRecord()
        record.id = SecretToken.hash(secret)
        record.app = app.id
        record.accountID = accountID
        record.topic = topic
        record.createdAt = clock.now
        try await record.create(on: db ?? self.db)
        return "\(publicURL)\(app.pathPrefix)/\(Self.pathComponent)/\(secret)"
    }

    /// Whose and which mail the link's secret stops; nil for an unknown secret or another app's.
    public func find(secret: String, app: AppDescriptor) async throws -> (accountID: UUID, topic: String)? {
        guard secret.count <= 64, let record = try await UnsubscribeLinkRecord.find(SecretToken.hash(secret), on: db),
              record.app == app.id else { return nil }
        return (record.accountID, record.topic)
    }

    /// `/<app>/unsubscribe/<secret>`: posted to by mail apps, which send no cookies and no
    /// CSRF token; the secret in the address is what a forger cannot know.
    static func isOneClickPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].isEmpty && !parts[1].isEmpty && parts[2] == pathComponent && !parts[3].isEmpty
    }
}

extension ServiceScoped {
    public var unsubscribes: MailUnsubscribes { MailUnsubscribes(db: db, clock: clock, publicURL: publicURL) }
}
