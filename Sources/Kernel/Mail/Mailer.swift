import Fluent
import Foundation
import Vapor

/// Queues mail. `enqueue` writes the outbox row on the caller's database — inside the
/// caller's transaction it commits or rolls back with the change that caused it — and
/// nudges this server's `MailWorker` to send it soon. (The nudge may come before the
/// commit or be lost; the worker also polls every few seconds.)
public struct Mailer: Sendable {
    let clock: any WallClock
    /// The domain of Message-IDs: the sender's.
    let messageIDDomain: String
    let nudge: @Sendable () -> Void

    public init(clock: any WallClock, from: MailAddress, nudge: @escaping @Sendable () -> Void = {}) {
        self.clock = clock
        self.messageIDDomain = from.domain
        self.nudge = nudge
    }

    /// Queues `mail`; throws `MailError.invalidAddress` when `mail.to` is not an address.
    public func enqueue(_ mail: OutgoingMail, on db: any Database) async throws {
        _ = try MailAddress(parsing: mail.to)
        let messageID = "\(UUID().uuidString.lowercased())@\(messageIDDomain)"
        try await MailOutboxRecord(mail: mail, messageID: messageID, at: clock.now).create(on: db)
        nudge()
    }
}

/// Sets up the server's mailer and worker: SMTP when `SMTP_URL` is set, the log otherwise.
enum KernelMail {
    /// `SMTP_CA_FILE` names the certificates to trust instead of the system's: a relay on
    /// the internal network with a certificate of its own (and the tests' sink).
    static func smtpSettings(url: String, trusting caFile: String?) throws -> SMTPSettings {
        var settings = try SMTPSettings(url: url)
        settings.trustRootsPEMFile = caFile
        return settings
    }

    static func install(on application: Application, configuration: HromadaConfiguration, clock: any WallClock) throws {
        let from = try MailAddress(parsing: configuration.mailFrom)
        let transport: any MailTransport = if let url = configuration.smtpURL {
            try SMTPMailTransport(settings: smtpSettings(url: url, trusting: configuration.smtpCAFile))
        } else {
            ConsoleMailTransport(logger: application.logger)
        }
        let worker = MailWorker(databases: application.workerDatabase, transport: transport, clock: clock, from: from, logger: application.logger,
                                pollInterval: configuration.outboxPollInterval)
        application.storage[MailWorkerKey.self] = worker
        application.storage[MailerKey.self] = Mailer(clock: clock, from: from, nudge: { worker.nudge() })
        application.lifecycle.use(MailWorkerLifecycle())
    }
}

/// Runs the server's mail worker from boot to shutdown.
struct MailWorkerLifecycle: LifecycleHandler {
    func didBoot(_ application: Application) throws {
        application.mailWorker.start()
    }

    func shutdown(_ application: Application) {
        application.mailWorker.stopSoon()
    }

    func shutdownAsync(_ application: Application) async {
        await application.mailWorker.stop()
    }
}

struct MailerKey: StorageKey {
    typealias Value = Mailer
}

struct MailWorkerKey: StorageKey {
    typealias Value = MailWorker
}

extension Application {
    /// Queues mail; available once `Hromada.configure` has run.
    public var mailer: Mailer {
        guard let mailer = storage[MailerKey.self] else { fatalError("Hromada.configure(_:) has not been called on this application") }
        return mailer
    }

    /// The server's mail worker (started at boot).
    public var mailWorker: MailWorker {
        guard let worker = storage[MailWorkerKey.self] else { fatalError("Hromada.configure(_:) has not been called on this application") }
        return worker
    }
}

extension Request {
    public var mailer: Mailer { application.mailer }
}
