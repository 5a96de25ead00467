import AsyncHTTPClient
import Fluent
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import SQLKit
import Vapor

/// Sends what is due in the push outbox (`Outbox`), one notification at a time: encrypts
/// it for the device (RFC 8291), signs a VAPID token with the app's key (RFC 8292) and
/// posts it to the device's push service. A service that answers 404 or 410 has forgotten
/// the device: its subscription is removed, with anything still queued for it. Busy (429)
/// or failing (5xx, no answer) services are tried again later; any other refusal is final.
public final class PushWorker: Sendable {
    /// This worker's name in `claimed_by`.
    public let id = UUID().uuidString
    /// Far longer than one request may take (`requestTimeout`).
    static let lease: TimeInterval = 120
    static let requestTimeout: TimeAmount = .seconds(20)
    static let passLimit = 100

    let sender: PushSender
    private let loop: WorkLoop

    /// `subject` is the contact a push service may use about our traffic: `mailto:` or
    /// an https address (RFC 8292 §2.1).
    public init(databases: @escaping @Sendable () throws -> any Database, client: HTTPClient, clock: any WallClock,
                subject: String, logger: Logger, retry: Outbox.RetryPolicy = PushWorker.defaultRetry, pollInterval: Duration = .seconds(5)) {
        let sender = PushSender(databases: databases, client: client, clock: clock, subject: subject, logger: logger, retry: retry, worker: id)
        self.sender = sender
        self.loop = WorkLoop(name: "Push worker", pollInterval: pollInterval, passLimit: Self.passLimit, logger: logger) {
            try await sender.pass(limit: Self.passLimit).claimed
        }
    }

    /// Five tries over about a quarter of an hour: news that is hours late is no news.
    public static var defaultRetry: Outbox.RetryPolicy {
        var retry = Outbox.RetryPolicy()
        retry.maxAttempts = 5
        return retry
    }

    /// Sends everything due now (up to `limit`); returns how many were delivered.
    @discardableResult
    public func deliverDue(limit: Int = 100) async throws -> Int {
        try await sender.pass(limit: limit).sent
    }

    public func start() { loop.start() }
    public func nudge() { loop.nudge() }
    public func stopSoon() { loop.stopSoon() }
    public func stop() async { await loop.stop() }
}

/// One worker's passes over the push outbox.
struct PushSender: Sendable {
    let databases: @Sendable () throws -> any Database
    let client: HTTPClient
    let clock: any WallClock
    let subject: String
    let logger: Logger
    let retry: Outbox.RetryPolicy
    let worker: String

    /// What became of one attempt.
    enum Outcome {
        case delivered
        /// The device is gone (404, 410): forget it.
        case gone
        /// Worth another try later (429, 5xx, no answer).
        case retry(String)
        /// Refused for good (400, 401, 403, 413, …) or impossible to send.
        case refused(String)
    }

    func pass(limit: Int) async throws -> (claimed: Int, sent: Int) {
        let db = try databases()
        var claimed = 0, sent = 0
        while claimed < limit, !Task.isCancelled,
              let id = try await Outbox.claimNext(in: PushOutboxRecord.schema, worker: worker, now: clock.now, lease: PushWorker.lease, on: db) {
            claimed += 1
            guard let record = try await PushOutboxRecord.find(id, on: db) else { continue }
            if try await deliver(record, on: db) { sent += 1 }
        }
        return (claimed, sent)
    }

    private func deliver(_ record: PushOutboxRecord, on db: any Database) async throws -> Bool {
        guard let subscription = try await PushSubscriptionRecord.find(record.subscriptionID, on: db) else {
            try await settle(record, .refused("the subscription is gone"), on: db)
            return false
        }
        let outcome = await attempt(record, to: subscription, on: db)
        if case .gone = outcome {
            // The outbox rows of the subscription go with it (ON DELETE CASCADE).
            logger.info("Push subscription expired; removed", metadata: ["app": .string(subscription.app)])
            try await subscription.delete(on: db)
            return false
        }
        try await settle(record, outcome, on: db)
        if case .delivered = outcome { return true }
        return false
    }

    private func attempt(_ record: PushOutboxRecord, to subscription: PushSubscriptionRecord, on db: any Database) async -> Outcome {
        let request: HTTPClientRequest
        do {
            request = try await self.request(record, to: subscription, on: db)
        } catch {
            return .refused(String(describing: error))
        }
        do {
            let response = try await client.execute(request, timeout: PushWorker.requestTimeout)
            let code = response.status.code
            switch code {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            case 429, 500..<600: return .retry("push service answered \(code)")
            default: return .refused("push service answered \(code)")
            }
        } catch {
            return .retry(String(describing: error))
        }
    }

    /// The encrypted notification with its VAPID authorization, as RFC 8030 posts it.
    private func request(_ record: PushOutboxRecord, to subscription: PushSubscriptionRecord, on db: any Database) async throws -> HTTPClientRequest {
        guard let endpoint = URL(string: subscription.endpoint), let audience = VAPIDKey.audience(of: endpoint),
              let publicKey = WebPushCrypto.bytes(base64URL: subscription.p256dh), let auth = WebPushCrypto.bytes(base64URL: subscription.auth) else {
            throw WebPushCrypto.Failure.invalidKey
        }
        let key = try await PushSubscriptions(db: db, clock: clock).key(for: subscription.app)
        let body = try WebPushCrypto.encrypt(Array(record.payload.utf8), userAgentPublicKey: publicKey, authSecret: auth)
        var request = HTTPClientRequest(url: subscription.endpoint)
        request.method = .POST
        request.headers.add(name: "TTL", value: String(record.ttl))
        request.headers.add(name: "Urgency", value: record.urgency)
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Authorization",
                            value: try key.authorization(audience: audience, subject: subject, expires: clock.now.addingTimeInterval(12 * 3600)))
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    private func settle(_ record: PushOutboxRecord, _ outcome: Outcome, on db: any Database) async throws {
        let attempts = record.attempts + 1
        let id = try record.requireID()
        let now = clock.now
        try await Outbox.settle(id, in: PushOutboxRecord.schema, worker: worker, attempts: attempts, on: db) { update in
            switch outcome {
            case .delivered, .gone:
                return update.set("status", to: SQLBind(OutboxStatus.sent.rawValue)).set("sent_at", to: SQLBind(now))
                    .set("last_error", to: SQLLiteral.null)
            case .retry(let reason) where attempts < retry.maxAttempts:
                return update.set("next_attempt_at", to: SQLBind(now.addingTimeInterval(retry.delay(afterAttempt: attempts))))
                    .set("last_error", to: SQLBind(String(reason.prefix(1000))))
            case .retry(let reason), .refused(let reason):
                logger.warning("Push not delivered; giving up", metadata: ["attempts": .stringConvertible(attempts), "error": .string(reason)])
                return update.set("status", to: SQLBind(OutboxStatus.failed.rawValue)).set("last_error", to: SQLBind(String(reason.prefix(1000))))
            }
        }
    }
}

/// Sets up the server's push worker; apps queue with `ServiceContext.push`.
enum KernelPush {
    static func install(on application: Application, configuration: HromadaConfiguration, clock: any WallClock) throws {
        let subject = configuration.publicURL.lowercased().hasPrefix("https://")
            ? configuration.publicURL : "mailto:\(try MailAddress(parsing: configuration.mailFrom).address)"
        let worker = PushWorker(databases: application.workerDatabase, client: application.http.client.shared, clock: clock,
                                subject: subject, logger: application.logger, pollInterval: configuration.outboxPollInterval)
        application.storage[PushWorkerKey.self] = worker
        application.storage[PusherKey.self] = Pusher(clock: clock, nudge: { worker.nudge() })
        application.lifecycle.use(PushWorkerLifecycle())
    }
}

struct PushWorkerLifecycle: LifecycleHandler {
    func didBoot(_ application: Application) throws { application.pushWorker.start() }
    func shutdown(_ application: Application) { application.pushWorker.stopSoon() }
    func shutdownAsync(_ application: Application) async { await application.pushWorker.stop() }
}

struct PushWorkerKey: StorageKey { typealias Value = PushWorker }
struct PusherKey: StorageKey { typealias Value = Pusher }

extension Application {
    /// The server's push worker (started at boot).
    public var pushWorker: PushWorker {
        guard let worker = storage[PushWorkerKey.self] else { fatalError("Hromada.configure(_:) has not been called on this application") }
        return worker
    }

    /// Queues Web Push notifications; available once `Hromada.configure` has run.
    public var pusher: Pusher {
        guard let pusher = storage[PusherKey.self] else { fatalError("Hromada.configure(_:) has not been called on this application") }
        return pusher
    }
}
