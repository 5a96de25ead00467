import Vapor

/// `hromada create-admin --app ID --login LOGIN [--name NAME]`: creates an administrator.
/// The password comes from `HROMADA_ADMIN_PASSWORD` or is asked for without echo —
/// never from the command line, where it would land in shell history.
struct CreateAdminCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "app", help: "The app's id, e.g. golden-ager")
        var app: String?
        @Option(name: "login", help: "The administrator's sign-in (e-mail or phone, as the app expects)")
        var login: String?
        @Option(name: "name", help: "Display name (default: Administrator)")
        var name: String?
    }

    static let minimumPasswordLength = 10

    var help: String { "Creates an administrator for an app; password from HROMADA_ADMIN_PASSWORD or a prompt" }

    func run(using context: CommandContext, signature: Signature) async throws {
        let application = context.application
        guard let appID = signature.app, let app = application.kernel.app(id: appID) else {
            throw ConfigurationError("Give --app, one of: \(application.kernel.apps.map(\.descriptor.id).joined(separator: ", "))")
        }
        guard let login = signature.login?.trimmingCharacters(in: .whitespaces).lowercased(), !login.isEmpty else {
            throw ConfigurationError("Give --login")
        }
        let password = try readPassword(context)
        try await application.autoMigrate()
        let account = try await application.kernel.accountService(on: application.db, passwords: application.password.async)
            .register(app: app.descriptor.id, login: login, password: password, role: Account.adminRole,
                      displayName: signature.name ?? "Administrator")
        try await AuditLog(app: app.descriptor.id, clock: application.kernel.clock)
            .record("account.create_admin", entityType: "account", entityID: account.requireID().uuidString, actor: nil,
                    after: ["login": login, "role": Account.adminRole], on: application.db)
        context.console.print("Administrator \(login) created for \(app.descriptor.name(in: .en)).")
    }

    private func readPassword(_ context: CommandContext) throws -> String {
        let password: String
        if let fromEnvironment = Environment.get("HROMADA_ADMIN_PASSWORD"), !fromEnvironment.isEmpty {
            password = fromEnvironment
        } else {
            let prompt = "Password (at least \(Self.minimumPasswordLength) characters):"
            password = context.console.ask(prompt.consoleText(), isSecure: true)
            let repeated = context.console.ask("Repeat the password:".consoleText(), isSecure: true)
            guard password == repeated else { throw ConfigurationError("The passwords differ") }
        }
        guard password.count >= Self.minimumPasswordLength else {
            throw ConfigurationError("The password must have at least \(Self.minimumPasswordLength) characters")
        }
        return password
    }
}
