import Fluent
import Foundation

/// Writes and reads the audit log. Services record changes on the same database
/// handle (transaction) as the change itself, so the log never disagrees with the data.
public struct AuditLog: Sendable {
    let app: String
    let clock: any WallClock

    public init(app: String, clock: any WallClock) {
        self.app = app
        self.clock = clock
    }

    public func record(
        _ action: String, entityType: String, entityID: String, actor: UUID?,
        before: (some Encodable & Sendable)? = Optional<String>.none,
        after: (some Encodable & Sendable)? = Optional<String>.none,
        on database: any Database
    ) async throws {
        let entry = AuditEntry()
        entry.app = app
        entry.actorID = actor
        entry.action = action
        entry.entityType = entityType
        entry.entityID = entityID
        entry.before = try before.map(Self.json)
        entry.after = try after.map(Self.json)
        entry.at = clock.now
        try await entry.create(on: database)
    }

    /// The newest entries first, optionally for one record or by one person.
    public func entries(entityType: String? = nil, entityID: String? = nil, actor: UUID? = nil, limit: Int = 100,
                        on database: any Database) async throws -> [AuditEntry] {
        var query = AuditEntry.query(on: database).filter(\.$app == app)
        if let entityType { query = query.filter(\.$entityType == entityType) }
        if let entityID { query = query.filter(\.$entityID == entityID) }
        if let actor { query = query.filter(\.$actorID == actor) }
        return try await query.sort(\.$at, .descending).limit(limit).all()
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder.events.encode(value), as: UTF8.self)
    }
}
