import Fluent
import NIOConcurrencyHelpers
import Vapor

/// Runs the housekeeping loop and the apps' background jobs while the server runs, and
/// stops them and the event bus (closing every open event stream) when the application
/// shuts down. (The synchronous hooks run on both the async and the sync boot paths; tests
/// boot synchronously.)
final class KernelLifecycle: LifecycleHandler {
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    func didBoot(_ application: Application) throws {
        let kernel = application.kernel
        let housekeeping = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(600))
                if Task.isCancelled { break }
                await Housekeeping.run(on: application.db, kernel: kernel, logger: application.logger)
                await Housekeeping.runApps(kernel.apps, services: application.services, logger: application.logger)
            }
        }
        let jobs = kernel.apps.flatMap(\.backgroundJobs).map { job in
            Task { await Self.repeatedly(job, application) }
        }
        tasks.withLockedValue { $0 = [housekeeping] + jobs }
    }

    /// Runs `job` at once and then every `interval` until cancelled.
    private static func repeatedly(_ job: BackgroundJob, _ application: Application) async {
        while !Task.isCancelled {
            do {
                try await job.run(application.services)
            } catch {
                application.logger.warning("Background job failed", metadata: ["job": .string(job.name), "error": "\(String(reflecting: error))"])
            }
            try? await Task.sleep(for: job.interval)
        }
    }

    func shutdown(_ application: Application) {
        for task in stopAll() { task.cancel() }
        application.kernel.events.shutdown()
    }

    /// As `shutdown`, and waits for a job in the middle of a run to end, so none reaches
    /// for the databases after they have closed.
    func shutdownAsync(_ application: Application) async {
        let running = stopAll()
        for task in running { task.cancel() }
        for task in running { await task.value }
        application.kernel.events.shutdown()
    }

    private func stopAll() -> [Task<Void, Never>] {
        tasks.withLockedValue { tasks in
            defer { tasks = [] }
            return tasks
        }
    }
}

/// Deletes what has expired: old events, sessions, failed sign-ins, API tokens, reset
/// links and codes, password confirmations, idempotency keys a day old, sent mail (kept a week, to answer "did it go?") and push notifications
/// a day old.
public enum Housekeeping {
    public static let sentMailRetention: TimeInterval = 7 * 24 * 3600
    public static let pushRetention: TimeInterval = 24 * 3600

    public static func run(on database: any Database, kernel: HromadaKernel, logger: Logger) async {
        let now = kernel.clock.now
        do {
            try await StoredEvent.query(on: database).filter(\.$at < now.addingTimeInterval(-kernel.configuration.eventRetention)).delete()
            try await WebSessionRecord.query(on: database).filter(\.$expiresAt < now).delete()
            try await APIToken.query(on: database).filter(\.$expiresAt < now).delete()
            try await LoginAttempt.query(on: database).filter(\.$at < now.addingTimeInterval(-LoginThrottle.window)).delete()
            try await PasswordResetRecord.query(on: database).filter(\.$expiresAt < now).delete()
            try await PasswordConfirmationRecord.query(on: database)
                .filter(\.$confirmedAt < now.addingTimeInterval(-PasswordConfirmations.window)).delete()
            try await MailOutboxRecord.query(on: database).filter(\.$status == .sent)
                .filter(\.$sentAt < now.addingTimeInterval(-Housekeeping.sentMailRetention)).delete()
            try await IdempotencyRecord.query(on: database)
                .filter(\.$createdAt < now.addingTimeInterval(-IdempotencyMiddleware.retention)).delete()
            // Notifications are news: once sent, or given up on a day ago, they are gone.
            try await PushOutboxRecord.query(on: database).filter(\.$status != .pending)
                .filter(\.$createdAt < now.addingTimeInterval(-Housekeeping.pushRetention)).delete()
        } catch {
            logger.warning("Housekeeping failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Each app's own housekeeping; one app's failure does not keep the others from theirs.
    public static func runApps(_ apps: [any HromadaApp], services: ServiceContext, logger: Logger) async {
        for app in apps {
            do {
                try await app.housekeeping(services)
            } catch {
                logger.warning("Housekeeping failed", metadata: ["app": .string(app.descriptor.id), "error": "\(String(reflecting: error))"])
            }
        }
    }
}
