import Fluent
import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit

/// Publish/subscribe by topic.
///
/// Every event is stored first (so reconnecting clients can catch up), then delivered:
/// - on SQLite, straight to this process's subscribers (one instance is all SQLite supports);
/// - on PostgreSQL, through `NOTIFY` on one channel, which every instance `LISTEN`s to —
///   so an event published by one instance reaches subscribers connected to any other.
///   A `NOTIFY` sent inside a transaction is delivered only when it commits.
///
/// Ids are taken in commit order (on PostgreSQL under a lock held until the publishing
/// transaction ends), so reading "after the last id seen" never skips an event.
///
/// On SQLite, publish after your transaction commits: delivery is immediate. On
/// PostgreSQL, publish last in a transaction: other publishers wait until it ends.
public final class EventBus: Sendable {
    public struct Subscription: Hashable, Sendable {
        let id: UUID
    }

    struct Subscriber: Sendable {
        let topics: Set<String>
        let deliver: @Sendable (Event) -> Void
        let finish: @Sendable () -> Void
    }

    enum Transport: Sendable {
        case inProcess
        case postgres(PostgresConnection.Configuration, channel: String)
    }

    private let transport: Transport
    private let subscribers = NIOLockedValueBox<[UUID: Subscriber]>([:])
    /// Subscriptions by topic, so fan-out touches only the interested subscribers.
    private let byTopic = NIOLockedValueBox<[String: Set<UUID>]>([:])
    private let listener = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let lastDeliveredID = NIOLockedValueBox<Int>(0)
    private let isListening = NIOLockedValueBox(false)
    private let startingPoint = NIOLockedValueBox<Int?>(nil)
    private let recentlyDelivered = NIOLockedValueBox(RecentIDs(capacity: 4_096))
    let logger: Logger

    init(transport: Transport, logger: Logger) {
        self.transport = transport
        self.logger = logger
    }

    // MARK: Publishing

    /// Stores the event and delivers it to every subscriber of `topic`, on every instance.
    @discardableResult
    public func publish(topic: String, name: String, payload: some Encodable & Sendable, at date: Date, on database: any Database) async throws -> Event {
        let data = String(decoding: try JSONEncoder.events.encode(payload), as: UTF8.self)
        let stored = StoredEvent(topic: topic, name: name, data: data, at: EventDates.truncated(date))
        switch transport {
        case .inProcess:
            // SQLite has one writer: ids are taken and committed in the same order.
            try await stored.create(on: database)
            let event = stored.event
            deliver(event)
            return event
        case .postgres(_, let channel):
            if database.inTransaction {
                return try await storeInCommitOrder(stored, channel: channel, on: database)
            }
            return try await database.transaction { transaction in
                try await self.storeInCommitOrder(stored, channel: channel, on: transaction)
            }
        }
    }

    /// The first key of the transaction-level advisory lock that orders event ids by
    /// commit ("evts" in ASCII); the second is the events table's oid, so deployments in
    /// other schemas of one database (the tests') do not wait for each other. Any other
    /// advisory lock must use another first key or the one-key form.
    static let publishingLockClass: Int32 = 0x65_76_74_73

    /// Stores and notifies while holding the publishing lock until the transaction ends,
    /// so a transaction that publishes takes its ids only after every earlier publisher
    /// has committed or rolled back: ids are in commit order, and whoever has seen an id
    /// can already see every lower one. Resuming after `Last-Event-ID` and the listener's
    /// catch-up rely on that (docs/decisions/event-resume.md).
    private func storeInCommitOrder(_ stored: StoredEvent, channel: String, on database: any Database) async throws -> Event {
        guard let sql = database as? any SQLDatabase else {
            throw EventBusError.notSQL
        }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: Self.publishingLockClass), \(literal: StoredEvent.schema)::regclass::oid::int4)").run()
        try await stored.create(on: database)
        let event = stored.event
        try await notify(event, channel: channel, on: sql)
        return event
    }

    /// `NOTIFY` payloads are limited to 8,000 bytes: large events travel as their id
    /// and are read back from the table by each listener.
    private func notify(_ event: Event, channel: String, on sql: any SQLDatabase) async throws {
        let full = String(decoding: try JSONEncoder.events.encode(event), as: UTF8.self)
        let message = full.utf8.count < 7_000 ? full : "#\(event.id)"
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: message))").run()
    }

    // MARK: Subscribing

    /// Calls `deliver` for every event on `topics` until `unsubscribe`; `finish` is called
    /// once if the bus shuts down first.
    public func subscribe(topics: Set<String>, deliver: @escaping @Sendable (Event) -> Void, finish: @escaping @Sendable () -> Void = {}) -> Subscription {
        let id = UUID()
        subscribers.withLockedValue { $0[id] = Subscriber(topics: topics, deliver: deliver, finish: finish) }
        byTopic.withLockedValue { index in
            for topic in topics { index[topic, default: []].insert(id) }
        }
        return Subscription(id: id)
    }

    public func unsubscribe(_ subscription: Subscription) {
        guard let removed = subscribers.withLockedValue({ $0.removeValue(forKey: subscription.id) }) else { return }
        byTopic.withLockedValue { index in
            for topic in removed.topics {
                index[topic]?.remove(subscription.id)
                if index[topic]?.isEmpty == true { index[topic] = nil }
            }
        }
    }

    /// The events as an async sequence; ends when the consuming task is cancelled or the bus shuts down.
    public func events(topics: Set<String>) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let subscription = subscribe(topics: topics, deliver: { continuation.yield($0) }, finish: { continuation.finish() })
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(subscription) }
        return stream
    }

    /// Stored events on `topics` after `id`, oldest first, for clients that reconnect.
    public func events(after id: Int, topics: Set<String>, limit: Int = 500, on database: any Database) async throws -> [Event] {
        guard !topics.isEmpty else { return [] }
        return try await StoredEvent.query(on: database)
            .filter(\.$id > id)
            .filter(\.$topic ~~ Array(topics))
            .sort(\.$id)
            .limit(limit)
            .all()
            .map(\.event)
    }

    public var subscriberCount: Int { subscribers.withLockedValue { $0.count } }

    func deliver(_ event: Event) {
        // A catch-up after reconnecting can overlap with notifications: deliver each id once.
        guard recentlyDelivered.withLockedValue({ $0.insert(event.id) }) else { return }
        lastDeliveredID.withLockedValue { $0 = max($0, event.id) }
        let targets: [Subscriber] = {
            let ids = byTopic.withLockedValue { $0[event.topic] ?? [] }
            return subscribers.withLockedValue { all in ids.compactMap { all[$0] } }
        }()
        for subscriber in targets { subscriber.deliver(event) }
    }

    // MARK: Lifecycle

    /// Starts listening on PostgreSQL (nothing to do in process) and waits, up to
    /// `timeout`, until the listener is live, so that no event published right after
    /// start is missed. If the database is not reachable yet, the listener keeps trying
    /// in the background.
    func start(databases: @escaping @Sendable () throws -> any Database, eventLoop: any EventLoop, timeout: Duration = .seconds(10)) async {
        guard case .postgres(let configuration, let channel) = transport else { return }
        let task = Task { [self] in
            await listen(configuration: configuration, channel: channel, databases: databases, eventLoop: eventLoop)
        }
        listener.withLockedValue { $0 = task }
        let deadline = ContinuousClock.now + timeout
        while !isLive, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if !isLive { logger.warning("The event listener is not connected yet; it keeps trying") }
    }

    /// Keeps one listening connection open, reconnecting after failures and catching up
    /// on events stored while it was away.
    private func listen(configuration: PostgresConnection.Configuration, channel: String, databases: @escaping @Sendable () throws -> any Database, eventLoop: any EventLoop) async {
        var attempt = 0
        while !Task.isCancelled {
            do {
                // Remember where we are before listening; whatever is stored after this
                // point is either notified or found by the catch-up below.
                let baseline = try await resumePoint(on: try databases())
                let connection = try await PostgresConnection.connect(on: eventLoop, configuration: configuration, id: 1, logger: logger).get()
                do {
                    try await connection.listen(on: channel) { notifications in
                        attempt = 0
                        isListening.withLockedValue { $0 = true }
                        defer { isListening.withLockedValue { $0 = false } }
                        try await catchUp(after: baseline, on: try databases())
                        for try await notification in notifications {
                            try await handle(notification.payload, on: try databases())
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { break }
                logger.warning("Event listener lost its connection; reconnecting", metadata: ["error": "\(String(reflecting: error))"])
            }
            attempt += 1
            try? await Task.sleep(for: .milliseconds(min(5_000, 200 * attempt)))
        }
    }

    private func handle(_ payload: String, on database: any Database) async throws {
        if payload.hasPrefix("#"), let id = Int(payload.dropFirst()) {
            if let stored = try await StoredEvent.find(id, on: database) { deliver(stored.event) }
            return
        }
        guard let event = try? JSONDecoder.events.decode(Event.self, from: Data(payload.utf8)) else {
            logger.warning("Ignoring a malformed event notification")
            return
        }
        deliver(event)
    }

    /// The id after which events must be delivered: on the first connection the newest
    /// stored one (older events are history, not news); after a reconnect, the later of
    /// that and the last one delivered, so what was stored during the outage is news.
    private func resumePoint(on database: any Database) async throws -> Int {
        let known = startingPoint.withLockedValue { $0 }
        let start: Int
        if let known {
            start = known
        } else {
            start = try await StoredEvent.query(on: database).max(\.$id) ?? 0
            startingPoint.withLockedValue { $0 = start }
        }
        return max(start, lastDeliveredID.withLockedValue { $0 })
    }

    /// Delivers what was stored while the listener was not listening.
    private func catchUp(after id: Int, on database: any Database) async throws {
        let topics = byTopic.withLockedValue { Set($0.keys) }
        for event in try await events(after: id, topics: topics, limit: 10_000, on: database) {
            deliver(event)
        }
    }

    /// Whether events from other instances are arriving (always true in process).
    public var isLive: Bool {
        if case .inProcess = transport { return true }
        return isListening.withLockedValue { $0 }
    }

    /// Ends every subscription (open event streams finish their responses). Called
    /// before the HTTP server stops, which waits for open responses to end.
    public func closeAllSubscriptions() {
        let all = subscribers.withLockedValue { all in
            defer { all.removeAll() }
            return Array(all.values)
        }
        byTopic.withLockedValue { $0.removeAll() }
        for subscriber in all { subscriber.finish() }
    }

    func shutdown() {
        listener.withLockedValue { $0?.cancel(); $0 = nil }
        closeAllSubscriptions()
    }
}

enum EventBusError: Error {
    /// PostgreSQL events are published through SQL (`NOTIFY`, an advisory lock).
    case notSQL
}

/// A bounded set of the ids seen last.
struct RecentIDs: Sendable {
    let capacity: Int
    private var members = Set<Int>()
    private var order: [Int] = []
    private var next = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `id`; false when it was already there.
    mutating func insert(_ id: Int) -> Bool {
        guard !members.contains(id) else { return false }
        if order.count < capacity {
            order.append(id)
        } else {
            members.remove(order[next])
            order[next] = id
            next = (next + 1) % capacity
        }
        members.insert(id)
        return true
    }
}
