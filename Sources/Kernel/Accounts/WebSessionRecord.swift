import Fluent
import Foundation

/// A browser session, stored in the database so any server instance can serve it.
/// The cookie holds a random id; the table holds its hash.
final class WebSessionRecord: Model, @unchecked Sendable {
    static let schema = "kernel_web_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    /// JSON object of string values.
    @Field(key: "data") var data: String
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    init(tokenHash: String, data: String, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.data = data
        self.expiresAt = expiresAt
    }
}
