import Fluent
import Foundation

/// One request that carried an idempotency key (`Idempotency-Key` on the API, `_once` in a
/// web form) and the answer it got, kept a day so that a retry gets that answer again
/// instead of doing the work twice (`IdempotencyMiddleware`).
final class IdempotencyRecord: Model, @unchecked Sendable {
    static let schema = "kernel_idempotency_keys"

    @ID(key: .id) var id: UUID?
    @Field(key: "app") var app: String
    /// Whose key it is: `account:<id>` for a signed-in API call, `browser:<hash>` for a form.
    @Field(key: "scope") var scope: String
    @Field(key: "key") var key: String
    /// SHA-256 of the method, the path and query, and the body: the same key with another
    /// request is a client's mistake, not a retry.
    @Field(key: "fingerprint") var fingerprint: String
    @Field(key: "created_at") var createdAt: Date
    /// While the first request runs: until when it holds the key. A request that finds the
    /// key held waits for the answer; one that finds the hold lapsed (its server stopped)
    /// takes the key over, unless the work had committed (`workCommitted`).
    @OptionalField(key: "held_until") var heldUntil: Date?
    /// Set in the transaction of the work itself (`Database.writeTransaction`), so the work
    /// and this mark commit together or not at all.
    @Field(key: "work_committed") var workCommitted: Bool
    /// The answer, once there is one.
    @OptionalField(key: "status") var status: Int?
    @OptionalField(key: "content_type") var contentType: String?
    @OptionalField(key: "location") var location: String?
    /// A web answer's flash message (a catalog key as JSON), shown again with the replay.
    @OptionalField(key: "flash") var flash: String?
    @OptionalField(key: "body") var body: Data?

    init() {}

    init(app: String, scope: String, key: String, fingerprint: String, createdAt: Date, heldUntil: Date) {
        self.id = UUID()
        self.app = app
        self.scope = scope
        self.key = key
        self.fingerprint = fingerprint
        self.createdAt = createdAt
        self.heldUntil = heldUntil
        self.workCommitted = false
    }

    var isAnswered: Bool { status != nil }
}
