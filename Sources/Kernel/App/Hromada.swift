import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import SQLKit
import Vapor

/// Builds the server: database, kernel services, middleware, kernel routes, and every app.
public enum Hromada {
    /// Configures `application` to serve `apps`. `upcoming` are listed on the landing
    /// page as coming soon. Tests pass their own configuration and clock.
    public static func configure(
        _ application: Application,
        apps: [any HromadaApp],
        upcoming: [AppDescriptor] = [],
        configuration: HromadaConfiguration,
        clock: any WallClock = SystemClock()
    ) async throws {
        HromadaMetrics.bootstrap()
        NULCharacters.install()
        let poolLoops = application.eventLoopGroup.makeIterator().reduce(0) { count, _ in count + 1 }
        try useDatabase(configuration, on: application, eventLoops: poolLoops)

        application.passwords.use(.bcrypt(cost: configuration.bcryptCost))
        application.routes.defaultMaxBodySize = configuration.maxBodySize
        let decoy = try await application.password.async.hash(SecretToken.generate())

        let events = EventBus(transport: try eventTransport(configuration), logger: application.logger)
        let kernel = HromadaKernel(
            configuration: configuration, apps: apps, upcoming: upcoming, clock: clock,
            events: events, assets: try StaticAssets.load(appDirectories: apps.compactMap(\.publicDirectory)), decoyPasswordHash: decoy)
        application.storage[HromadaKernelKey.self] = kernel
        try KernelMail.install(on: application, configuration: configuration, clock: clock)
        try KernelPush.install(on: application, configuration: configuration, clock: clock)
        try KernelTLS.install(on: application, configuration: configuration)

        registerMigrations(apps, on: application)
        installMiddleware(on: application, configuration: configuration)
        try KernelRoutes.register(on: application)
        for app in apps { try mount(app, on: application) }
        registerCommands(apps, on: application)
        application.lifecycle.use(KernelLifecycle())

        if case .sqlite = configuration.database {
            await SQLiteLocking.configure(application)
        }
        if configuration.autoMigrate {
            try await application.autoMigrate()
        }
        if configuration.demoData {
            try await DemoData.seedIfNeeded(application)
        }
        // After migrations: the listener reads the events table when it connects. Once the
        // server shuts down its databases are gone; a notification still being handled then
        // ends the listener with an error (`application.db` would crash on them).
        await events.start(databases: {
            guard let db = application.databases.database(logger: application.logger, on: application.eventLoopGroup.any()) else {
                throw Abort(.serviceUnavailable, reason: "The databases have shut down")
            }
            return db
        }, eventLoop: application.eventLoopGroup.any(), timeout: configuration.eventListenerStartTimeout)
    }

    static func useDatabase(_ configuration: HromadaConfiguration, on application: Application, eventLoops: Int) throws {
        switch configuration.database {
        case .sqlite(let path):
            // SQLite has one writer, so under a burst a request may wait its turn for a
            // connection longer than Fluent's 10 s default; one that waited is served, not
            // failed (ten password resets at once on a loaded test machine waited 10 s).
            application.databases.use(.sqlite(.file(path), connectionPoolTimeout: .seconds(60), sqlLogLevel: .trace), as: .sqlite)
            HromadaMetrics.recordPool(driver: "sqlite", connectionsPerLoop: 1, eventLoops: eventLoops)
        case .postgres(let url, let searchPath):
            var postgres = try SQLPostgresConfiguration(url: url)
            if let searchPath { postgres.searchPath = [searchPath] }
            postgres.coreConfiguration.options.connectTimeout = .seconds(configuration.databaseConnectTimeout.components.seconds)
            // Our prepared statements (`Database.preparedRows`) are written so that one plan
            // serves every parameter: an unused filter is a NULL parameter, not another
            // query. PostgreSQL would still plan a custom one for every run, because it
            // cannot tell — for MoveJoin's search that took longer than running it. So each
            // is planned once per connection. The setting also covers SQLKit's parameterised
            // queries (planned once each, as before, but without looking at the values);
            // they are equality and range lookups on indexed columns, where that is the same plan.
            // `HROMADA_PG_GENERIC_PLANS=0` leaves PostgreSQL to choose (for comparison).
            if Environment.get("HROMADA_PG_GENERIC_PLANS") != "0" {
                postgres.coreConfiguration.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan"))
            }
            application.databases.use(.postgres(
                configuration: postgres, maxConnectionsPerEventLoop: configuration.databasePoolSize,
                connectionPoolTimeout: .seconds(configuration.databasePoolTimeout.components.seconds), sqlLogLevel: .trace), as: .psql)
            HromadaMetrics.recordPool(driver: "postgres", connectionsPerLoop: configuration.databasePoolSize, eventLoops: eventLoops)
        }
    }

    static func eventTransport(_ configuration: HromadaConfiguration) throws -> EventBus.Transport {
        switch configuration.database {
        case .sqlite:
            return .inProcess
        case .postgres(let url, _):
            var listener = try SQLPostgresConfiguration(url: url).coreConfiguration
            listener.options.connectTimeout = .seconds(configuration.databaseConnectTimeout.components.seconds)
            return .postgres(listener, channel: configuration.eventChannel)
        }
    }

    static func registerMigrations(_ apps: [any HromadaApp], on application: Application) {
        application.migrations.add(KernelMigrations.all)
        for app in apps { application.migrations.add(app.migrations) }
    }

    /// Outermost first: every answer gets an id and security headers, errors become
    /// pages or problem documents, an address holding a NUL is refused, then cookies (flash, language, session) and CSRF — all
    /// in one task (`AsyncMiddlewareChain`).
    static func installMiddleware(on application: Application, configuration: HromadaConfiguration) {
        application.middleware = .init()
        application.middleware.use(AsyncMiddlewareChain([
            RequestContextMiddleware(),
            SecurityHeadersMiddleware(strictTransport: configuration.secureCookies),
            KernelErrorMiddleware(),
            NULCharacters.AddressGuard(),
            FlashMiddleware(secureCookies: configuration.secureCookies),
            LanguageCookieMiddleware(secureCookies: configuration.secureCookies),
            WebSessionMiddleware(lifetime: configuration.sessionLifetime, secureCookies: configuration.secureCookies),
            CSRFMiddleware(secureCookies: configuration.secureCookies),
        ]))
    }

    static func mount(_ app: any HromadaApp, on application: Application) throws {
        let descriptor = app.descriptor
        // Every route of the app does a retried change once (`IdempotencyMiddleware`).
        let web = application.grouped(PathComponent(stringLiteral: descriptor.id))
            .grouped(inOneTask: IdempotencyMiddleware(app: descriptor))
        let api = web.grouped("api", "v1")  // descriptor.apiPath
        try AppShellRoutes.register(app, on: web)
        PushRoutes.register(descriptor, web: web, api: api)
        try app.registerRoutes(AppMount(application: application, descriptor: descriptor, web: web, api: api))
        if let accounts = app.accounts {
            AccountRoutes.register(descriptor, accounts, on: api)
            AccountWebPages.register(descriptor, accounts, on: web)
        }
    }

    static func registerCommands(_ apps: [any HromadaApp], on application: Application) {
        application.asyncCommands.use(SeedCommand(), as: "seed")
        application.asyncCommands.use(CreateAdminCommand(), as: "create-admin")
        application.asyncCommands.use(StatementsCommand(), as: "statements")
        for app in apps {
            for (name, command) in app.commands { application.asyncCommands.use(command, as: name) }
            for (name, command) in app.clientCommands { application.asyncCommands.use(command, as: name) }
        }
    }

    /// The client command `arguments` (the process's, the program first) ask for, if any:
    /// it is run on a bare application instead of `configure`'s server (see
    /// `HromadaApp.clientCommands`).
    public static func clientCommand(among apps: [any HromadaApp], arguments: [String]) -> (name: String, command: any AsyncCommand)? {
        guard let name = arguments.dropFirst().first else { return nil }
        for app in apps {
            if let command = app.clientCommands[name] { return (name, command) }
        }
        return nil
    }
}

enum KernelMigrations {
    static let all: [any Migration] = [
        CreateAccounts(), CreateLoginFailures(), CreateAPITokens(), CreateWebSessions(),
        CreateEvents(), CreateAuditLog(), CreateSeedRuns(), CreateCalendarFeeds(),
        CreateMailOutbox(),
        CreatePasswordResets(),
        CreatePushKeys(), CreatePushSubscriptions(), CreatePushOutbox(),
        CreatePasswordConfirmations(),
        CreateIdempotencyKeys(),
        CreateUnsubscribeLinks(),
    ]
}
