import Fluent
import Foundation
import SQLKit

/// Queues Web Push notifications (`ServiceContext.push`). `send` writes one outbox row
/// per device of each person, on the caller's database — inside the caller's transaction
/// it commits or rolls back with the change that caused it — and nudges the server's
/// `PushWorker`. People with no subscription get nothing, silently: the app's pages and
/// live events still tell them.
public struct Pusher: Sendable {
    let clock: any WallClock
    let nudge: @Sendable () -> Void

    public init(clock: any WallClock, nudge: @escaping @Sendable () -> Void = {}) {
        self.clock = clock
        self.nudge = nudge
    }

    /// A day: long enough for a phone that was off overnight, short enough that news of a
    /// task does not arrive a week later.
    public static let defaultTimeToLive = 24 * 3600

    /// Queues a notification for every device of `accounts` subscribed to `app`, each in
    /// its person's language (`notification(language)`); returns how many devices it goes to.
    @discardableResult
    public func send(app: String, to accounts: some Collection<UUID>, urgency: PushUrgency = .normal,
                     timeToLive: Int = defaultTimeToLive, on db: any Database,
                     _ notification: (Language) -> PushNotification) async throws -> Int {
        guard !accounts.isEmpty else { return 0 }
        let subscriptions = try await PushSubscriptionRecord.query(on: db).filter(\.$app == app)
            .filter(\.$accountID ~~ Set(accounts)).all()
        guard !subscriptions.isEmpty else { return 0 }
        let people = try await Account.query(on: db).filter(\.$id ~~ Set(subscriptions.map(\.accountID))).all()
        let languages = Dictionary(uniqueKeysWithValues: people.compactMap { a in a.id.map { ($0, a.preferredLanguage ?? .default) } })
        var payloads: [Language: String] = [:]
        for language in Set(languages.values) {
            payloads[language] = String(decoding: try JSONEncoder().encode(notification(language)), as: UTF8.self)
        }
        let now = clock.now
        for subscription in subscriptions {
            guard let payload = payloads[languages[subscription.accountID] ?? .default] else { continue }
            let row = PushOutboxRecord()
            row.id = UUID()
            row.subscriptionID = try subscription.requireID()
            row.payload = payload
            row.ttl = timeToLive
            row.urgency = urgency.rawValue
            row.status = .pending
            row.attempts = 0
            row.nextAttemptAt = now
            row.createdAt = now
            try await row.create(on: db)
        }
        nudge()
        return subscriptions.count
    }
}
