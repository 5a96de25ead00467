import Fluent
import Vapor

/// Seeds each app's demo data once per database and lists the demo accounts.
public enum DemoData {
    /// Seeds every app that has not been seeded in this database yet.
    public static func seedIfNeeded(_ application: Application, only appID: String? = nil) async throws {
        let kernel = application.kernel
        for app in kernel.apps where appID == nil || app.descriptor.id == appID {
            let id = app.descriptor.id
            guard try await SeedRun.find(id, on: application.db) == nil else { continue }
            do {
                try await seed(app, on: application)
            } catch {
                // Another instance starting at the same moment may have seeded first (our
                // transaction then collides with its rows); its data stands. Anything else is real.
                guard try await SeedRun.find(id, on: application.db) != nil else { throw error }
                application.logger.info("Demo data was seeded by another instance", metadata: ["app": .string(id)])
                continue
            }
            application.logger.info("Seeded demo data", metadata: ["app": .string(id)])
        }
    }

    /// Seeds one app in one transaction, ending with its seed record, so a failure leaves nothing behind.
    private static func seed(_ app: any HromadaApp, on application: Application) async throws {
        let kernel = application.kernel
        let id = app.descriptor.id
        try await application.db.transaction { db in
            let context = SeedContext(
                services: ServiceContext(db: db, clock: kernel.clock, events: kernel.events,
                                         accounts: kernel.accountService(on: db, passwords: application.password.async),
                                         timeZone: kernel.configuration.defaultTimeZone, state: kernel.state, mail: application.mailer,
                                         push: application.pusher, publicURL: kernel.configuration.publicURL),
                logger: application.logger)
            try await app.seedDemoData(context)
            try await SeedRun(app: id, at: kernel.clock.now).create(on: db)
        }
    }

    /// The lines printed at start: where to go and whom to sign in as.
    public static func banner(for application: Application, address: String) -> String {
        let kernel = application.kernel
        var lines = ["", "Hromada is running at \(address)/"]
        for app in kernel.apps {
            lines.append("  \(app.descriptor.name(in: .en)): \(address)\(app.descriptor.pathPrefix)/")
        }
        let accounts = kernel.apps.flatMap(\.demoAccounts)
        if kernel.configuration.demoData, !accounts.isEmpty {
            lines.append("Demo accounts (turn demo data off with HROMADA_DEMO_DATA=false):")
            for account in accounts {
                lines.append("  \(account.app) · \(account.role): \(account.login) / \(account.password)")
            }
        } else if kernel.apps.isEmpty {
            lines.append("No apps are mounted yet; the landing page lists those to come.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
