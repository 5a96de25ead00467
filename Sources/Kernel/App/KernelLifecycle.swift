import Fluent
import NIOConcurrencyHelpers
import Vapor

/// Runs the housekeeping loop while the server runs, and stops it and the event bus
/// (closing every open event stream) when the application shuts down. (The synchronous hooks
/// run on both the async and the sync boot paths; tests boot synchronously.)
final class KernelLifecycle: LifecycleHandler {
    private let housekeeping = NIOLockedValueBox<Task<Void, Never>?>(nil)

    func didBoot(_ application: Application) throws {
        let kernel = application.kernel
        let task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(600))
                if Task.isCancelled { break }
                await Housekeeping.run(on: application.db, kernel: kernel, logger: application.logger)
                await Housekeeping.runApps(kernel.apps, services: application.services, logger: application.logger)
            }
        }
        housekeeping.withLockedValue { $0 = task }
    }

    func shutdown(_ application: Application) {
        housekeeping.withLockedValue { $0?.cancel(); $0 = nil }
        application.kernel.events.shutdown()
    }
}

/// Deletes what has expired: old events, sessions, failed sign-ins, API tokens.
public enum Housekeeping {
    public static func run(on database: any Database, kernel: HromadaKernel, logger: Logger) async {
        let now = kernel.clock.now
        do {
            try await StoredEvent.query(on: database).filter(\.$at < now.addingTimeInterval(-kernel.configuration.eventRetention)).delete()
            try await WebSessionRecord.query(on: database).filter(\.$expiresAt < now).delete()
            try await APIToken.query(on: database).filter(\.$expiresAt < now).delete()
            try await LoginAttempt.query(on: database).filter(\.$at < now.addingTimeInterval(-LoginThrottle.window)).delete()
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
