import Vapor

/// `hromada seed [--app ID]`: seeds demo data for apps not seeded yet.
struct SeedCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "app", help: "Seed only this app (its id, e.g. golden-ager)")
        var app: String?
    }

    var help: String { "Seeds demo data for every app (or one) that has not been seeded in this database" }

    func run(using context: CommandContext, signature: Signature) async throws {
        let application = context.application
        if let id = signature.app, application.kernel.app(id: id) == nil {
            throw ConfigurationError("No app '\(id)'. Apps: \(application.kernel.apps.map(\.descriptor.id).joined(separator: ", "))")
        }
        try await application.autoMigrate()
        try await DemoData.seedIfNeeded(application, only: signature.app)
        context.console.print("Demo data is in place.")
        for account in application.kernel.apps.flatMap(\.demoAccounts) where signature.app == nil || account.app == signature.app {
            context.console.print("  \(account.app) · \(account.role): \(account.login) / \(account.password)")
        }
    }
}
