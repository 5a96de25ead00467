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

extension NoticeService {
    /// How the person wants their news (the standard choices until they save their own).
    public func choices(for mover: Mover) async throws -> NoticeChoices {
        try await Self.choices(of: [mover.id], on: db)[mover.id] ?? .standard
    }

    /// The sports whose games that need players in their city the person hears of.
    public func follows(of mover: Mover) async throws -> Set<String> {
        Set(try await SportFollow.query(on: db).filter(\.$accountID == mover.id).all().map(\.sportTypeID))
    }

    /// Saves the choices and, when given, the followed sports (unknown ones are dropped).
    public func save(_ choices: NoticeChoices, follows: Set<String>? = nil, for mover: Mover) async throws {
        let now = context.clock.now
        try await db.writeTransaction { db in
            if let follows {
                try await SportFollow.query(on: db).filter(\.$accountID == mover.id).delete()
                for sport in follows.sorted() where SportType.find(sport) != nil {
                    try await SportFollow(accountID: mover.id, sportTypeID: sport).create(on: db)
                }
            }
            if let saved = try await NoticeSettings.find(mover.id, on: db) {
                saved.choices = choices
                saved.updatedAt = now
                try await saved.save(on: db)
            } else {
                try await NoticeSettings(accountID: mover.id, choices, at: now).create(on: db)
            }
        }
    }

    /// Stops the topic's mail for the owner of an unsubscribe link (`MailUnsubscribes`);
    /// nil when the link is unknown. Taking a link twice changes nothing more.
    public func stopMail(secret: String) async throws -> NoticeTopic? {
        guard let found = try await context.unsubscribes.find(secret: secret, app: MoveJoin.descriptor),
              let topic = NoticeTopic(rawValue: found.topic) else { return nil }
        let now = context.clock.now
        try await db.writeTransaction { db in
            guard let account = try await Account.find(found.accountID, on: db) else { return }
            let saved = try await NoticeSettings.find(found.accountID, on: db)
            var choices = saved?.choices ?? .standard
            choices.mail.remove(topic)
            if let saved {
                saved.choices = choices
                saved.updatedAt = now
                try await saved.save(on: db)
            } else {
                try await NoticeSettings(accountID: try account.requireID(), choices, at: now).create(on: db)
            }
        }
        return topic
    }

    /// Each person's saved choices (those without any are left out).
    static func choices(of people: some Collection<UUID>, on db: any Database) async throws -> [UUID: NoticeChoices] {
        guard !people.isEmpty else { return [:] }
        let saved = try await NoticeSettings.query(on: db).filter(\.$id ~~ Set(people)).all()
        return Dictionary(uniqueKeysWithValues: saved.compactMap { row in row.id.map { ($0, row.choices) } })
    }
}
