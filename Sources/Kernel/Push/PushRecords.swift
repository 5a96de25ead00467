import Fluent
import Foundation

/// An app's VAPID key pair (RFC 8292), made on the first start and kept in the database
/// so that every instance signs with the same key and subscriptions outlive restarts.
final class PushKeyRecord: Model, @unchecked Sendable {
    static let schema = "kernel_push_keys"
    /// The app's id.
    @ID(custom: "app", generatedBy: .user) var id: String?
    /// The P-256 private key's 32 bytes, base64url. A server secret: anyone holding it can
    /// push to the app's subscribers.
    @Field(key: "private_key") var privateKey: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

/// A browser's push subscription (the W3C `PushSubscription`) of one account on one device.
public final class PushSubscriptionRecord: Model, @unchecked Sendable {
    public static let schema = "kernel_push_subscriptions"
    @ID(key: .id) public var id: UUID?
    @Field(key: "app") public var app: String
    @Field(key: "account_id") public var accountID: UUID
    /// The push service's address for this device: unique, and itself a secret.
    @Field(key: "endpoint") public var endpoint: String
    /// The browser's P-256 public key (65 bytes, base64url) and auth secret (16 bytes).
    @Field(key: "p256dh") public var p256dh: String
    @Field(key: "auth") public var auth: String
    @Field(key: "created_at") public var createdAt: Date

    public init() {}
}

/// One notification on its way to one subscription (`Outbox`'s columns, plus what to send).
final class PushOutboxRecord: Model, @unchecked Sendable {
    static let schema = "kernel_push_outbox"
    @ID(key: .id) var id: UUID?
    @Field(key: "subscription_id") var subscriptionID: UUID
    /// The notification as JSON (`PushNotification`): encrypted only when sent, so a row
    /// read from the database shows what was meant.
    @Field(key: "payload") var payload: String
    /// Seconds the push service may keep it for an offline device.
    @Field(key: "ttl") var ttl: Int
    @Field(key: "urgency") var urgency: String
    @Field(key: "status") var status: OutboxStatus
    @Field(key: "attempts") var attempts: Int
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    @OptionalField(key: "claimed_until") var claimedUntil: Date?
    @OptionalField(key: "claimed_by") var claimedBy: String?
    @OptionalField(key: "last_error") var lastError: String?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "sent_at") var sentAt: Date?

    init() {}
}
