import Fluent
import Foundation

/// A bearer token for native clients. The token itself is shown once; we keep its hash.
public final class APIToken: Model, @unchecked Sendable {
    public static let schema = "kernel_api_tokens"

    @ID(key: .id) public var id: UUID?
    @Parent(key: "account_id") public var account: Account
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "expires_at") public var expiresAt: Date

    public init() {}

    init(accountID: UUID, tokenHash: String, createdAt: Date, expiresAt: Date) {
        self.$account.id = accountID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
