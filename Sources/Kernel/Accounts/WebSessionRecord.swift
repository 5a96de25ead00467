import Fluent
import Foundation
import SQLKit

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

/// Changing a session record that other requests may change at the same time: a sign-in
/// in one tab, a sign-out or a password change in another browser. Each write names the
/// data it was computed from and happens only if the record still holds exactly that
/// (compare and swap; on PostgreSQL a concurrent `UPDATE` re-checks the condition
/// against the row it waited for). A writer that loses reads the record again and
/// re-applies its own change, so no change is lost and none is undone.
extension WebSessionRecord {
    /// How often a writer re-applies its change before giving up (each loss means
    /// another request of the same browser wrote in between).
    static let writeAttempts = 8

    static func decode(_ json: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
    }

    static func encode(_ data: [String: String]) throws -> String {
        String(decoding: try JSONEncoder().encode(data), as: UTF8.self)
    }

    /// Sets the record's data (and expiry) if it still holds `expected`; false otherwise.
    static func replaceData(of id: UUID, ifStill expected: String, with data: String, expiresAt: Date?, on database: any Database) async throws -> Bool {
        let update = sql(database).update(schema).set("data", to: data)
        if let expiresAt { update.set("expires_at", to: expiresAt) }
        // `RETURNING` tells whether a row matched (PostgreSQL, and SQLite since 3.35):
        // Fluent reports no count.
        return try await !update.where("id", .equal, id).where("data", .equal, expected).returning("id").all().isEmpty
    }

    /// Moves the record's expiry (its data is left as it is); false when the record is gone.
    static func extend(_ id: UUID, to expiresAt: Date, on database: any Database) async throws -> Bool {
        try await !sql(database).update(schema).set("expires_at", to: expiresAt).where("id", .equal, id).returning("id").all().isEmpty
    }

    /// Deletes the record if it still holds `expected`; false otherwise.
    static func delete(_ id: UUID, ifStill expected: String, on database: any Database) async throws -> Bool {
        try await !sql(database).delete(from: schema).where("id", .equal, id).where("data", .equal, expected).returning("id").all().isEmpty
    }

    private static func sql(_ database: any Database) -> any SQLDatabase {
        // Both of our drivers are SQL databases.
        database.sql
    }
}
