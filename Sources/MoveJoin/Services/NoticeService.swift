import Fluent
import Foundation
import Kernel

/// What happened to the events a person takes part in: cancellations, changes, promotions.
public struct NoticeService: Sendable {
    let context: MoveJoinContext
    var db: any Database { context.db }

    /// The person's notices, newest first, and how many are unread.
    public func list(for mover: Mover, limit: Int = 50) async throws -> (notices: [Notice], unread: Int) {
        let notices = try await Notice.query(on: db).filter(\.$accountID == mover.id)
            .sort(\.$createdAt, .descending).limit(limit).all()
        let unread = try await Notice.query(on: db).filter(\.$accountID == mover.id).filter(\.$readAt == nil).count()
        return (notices, unread)
    }

    public func unreadCount(for mover: Mover) async throws -> Int {
        try await Notice.query(on: db).filter(\.$accountID == mover.id).filter(\.$readAt == nil).count()
    }

    public func markAllRead(for mover: Mover) async throws {
        try await Notice.query(on: db).filter(\.$accountID == mover.id).filter(\.$readAt == nil)
            .set(\.$readAt, to: context.clock.now).update()
    }
}
