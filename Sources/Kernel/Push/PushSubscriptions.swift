import Crypto
import Fluent
import Foundation
import SQLKit

/// What a browser sends to subscribe: the W3C `PushSubscription` as `toJSON()` writes it.
public struct PushSubscriptionInput: Codable, Sendable {
    public struct Keys: Codable, Sendable {
        public var p256dh: String?
        public var auth: String?

        public init(p256dh: String?, auth: String?) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public var endpoint: String?
    public var keys: Keys?

    public init(endpoint: String?, keys: Keys?) {
        self.endpoint = endpoint
        self.keys = keys
    }
}

/// A person's devices that may be pushed to, and each app's VAPID key.
public struct PushSubscriptions: Sendable {
    let db: any Database
    let clock: any WallClock

    public init(db: any Database, clock: any WallClock) {
        self.db = db
        self.clock = clock
    }

    static let endpointMaxLength = 2048

    /// Keeps `input` as `account`'s device for `app`. A device already subscribed (the same
    /// endpoint, perhaps another person's before) now belongs to this account, with the
    /// new keys: one device, one subscription.
    @discardableResult
    public func subscribe(_ account: Account, app: String, _ input: PushSubscriptionInput) async throws -> PushSubscriptionRecord {
        let (endpoint, p256dh, auth) = try Self.validate(input)
        let accountID = try account.requireID()
        let now = clock.now
        for _ in 0..<2 {
            if let existing = try await PushSubscriptionRecord.query(on: db).filter(\.$endpoint == endpoint).first() {
                existing.app = app
                existing.accountID = accountID
                existing.p256dh = p256dh
                existing.auth = auth
                try await existing.save(on: db)
                return existing
            }
            let record = PushSubscriptionRecord()
            record.id = UUID()
            record.app = app
            record.accountID = accountID
            record.endpoint = endpoint
            record.p256dh = p256dh
            record.auth = auth
            record.createdAt = now
            do {
                try await record.create(on: db)
                return record
            } catch let error as any DatabaseError where error.isConstraintFailure {
                continue  // the same device subscribed twice at once: the other wrote first, update it
            }
        }
        throw AppError.conflict(code: "push_subscription_busy", key: "push.busy")
    }

    /// Forgets `account`'s device at `endpoint` (another person's is left alone).
    public func unsubscribe(_ account: Account, app: String, endpoint: String?) async throws {
        guard let endpoint, !endpoint.isEmpty else {
            throw AppError.validation([FieldError(field: "endpoint", key: "validation.required")])
        }
        try await PushSubscriptionRecord.query(on: db).filter(\.$endpoint == endpoint)
            .filter(\.$accountID == account.requireID()).filter(\.$app == app).delete()
    }

    /// `app`'s VAPID key: made and stored on first use. Two instances starting at once both
    /// try to store one; the first wins and both use it.
    public func key(for app: String) async throws -> VAPIDKey {
        if let stored = try await PushKeyRecord.find(app, on: db) { return try Self.key(stored) }
        let record = PushKeyRecord()
        record.id = app
        record.privateKey = WebPushCrypto.base64URL(VAPIDKey().rawPrivateKey)
        record.createdAt = clock.now
        do {
            try await record.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Another instance stored its key first.
        }
        guard let stored = try await PushKeyRecord.find(app, on: db) else { throw AppError.notFound() }
        return try Self.key(stored)
    }

    private static func key(_ record: PushKeyRecord) throws -> VAPIDKey {
        guard let raw = WebPushCrypto.bytes(base64URL: record.privateKey) else { throw WebPushCrypto.Failure.invalidKey }
        return try VAPIDKey(rawPrivateKey: raw)
    }

    /// The endpoint (an https address, or http on this machine for development and tests),
    /// the browser's public key and its auth secret, each checked; every problem named.
    static func validate(_ input: PushSubscriptionInput) throws -> (endpoint: String, p256dh: String, auth: String) {
        var validator = Validator()
        let endpoint = validator.text("endpoint", input.endpoint, maxLength: endpointMaxLength)
        if let endpoint, !isPushService(endpoint) { validator.add("endpoint", "push.endpoint_invalid") }
        let p256dh = validator.text("keys.p256dh", input.keys?.p256dh, maxLength: 200)
        if let p256dh {
            let bytes = WebPushCrypto.bytes(base64URL: p256dh) ?? []
            if bytes.count != 65 || (try? P256.KeyAgreement.PublicKey(x963Representation: bytes)) == nil {
                validator.add("keys.p256dh", "push.key_invalid")
            }
        }
        let auth = validator.text("keys.auth", input.keys?.auth, maxLength: 100)
        if let auth, WebPushCrypto.bytes(base64URL: auth)?.count != 16 { validator.add("keys.auth", "push.auth_invalid") }
        try validator.throwIfInvalid()
        return (endpoint!, p256dh!, auth!)
    }

    /// Push services are reached over https; plain http only on this machine.
    static func isPushService(_ endpoint: String) -> Bool {
        guard let url = URL(string: endpoint), let host = url.host?.lowercased(), !host.isEmpty else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        default: return false
        }
    }
}
