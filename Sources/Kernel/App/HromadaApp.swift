import Fluent
import FluentPostgresDriver
import Vapor

/// What an app tells the kernel about itself: its name, prefix and look.
public struct AppDescriptor: Sendable, Hashable {
    /// Stable identifier and URL prefix, e.g. `golden-ager` → `/golden-ager`.
    public let id: String
    public let names: [Language: String]
    public let taglines: [Language: String]
    /// The accent colour of the app's theme (CSS colour), also the manifest's theme colour.
    public let themeColor: String
    /// One or two letters drawn on the home-screen icon.
    public let iconLetters: String
    /// Where a signed-out person is sent when a page needs an account (relative to the prefix).
    public let loginPath: String?

    public init(id: String, names: [Language: String], taglines: [Language: String], themeColor: String, iconLetters: String, loginPath: String? = nil) {
        self.id = id
        self.names = names
        self.taglines = taglines
        self.themeColor = themeColor
        self.iconLetters = iconLetters
        self.loginPath = loginPath
    }

    public var pathPrefix: String { "/\(id)" }
    /// Where the app's JSON API is mounted (`Hromada.mount`): `/<id>/api/v1`.
    public var apiPath: String { "\(pathPrefix)/api/v1" }

    public func name(in language: Language) -> String { names[language] ?? names[.uk] ?? id }
    public func tagline(in language: Language) -> String { taglines[language] ?? taglines[.uk] ?? "" }
}

/// A demo account printed at start so a person can try the app at once.
public struct DemoAccount: Sendable, Hashable {
    public let app: String
    public let role: String
    public let login: String
    public let password: String

    public init(app: String, role: String, login: String, password: String) {
        self.app = app
        self.role = role
        self.login = login
        self.password = password
    }
}

/// Everything an app needs while seeding demo data.
public struct SeedContext: Sendable {
    /// The seed's transaction, the kernel's clock and bus: what the app's services need.
    public let services: ServiceContext
    public let logger: Logger

    public var database: any Database { services.db }
    public var accounts: AccountService { services.accounts }
    public var clock: any WallClock { services.clock }
    public var events: EventBus { services.events }
}

/// The route groups the kernel hands an app: web pages under its prefix (session
/// sign-in, CSRF-checked forms) and its JSON API under `<prefix>/api/v1` (bearer tokens).
public struct AppMount {
    public let application: Application
    public let descriptor: AppDescriptor
    public let web: any RoutesBuilder
    public let api: any RoutesBuilder
}

/// The one protocol every app implements to plug into the server.
public protocol HromadaApp: Sendable {
    var descriptor: AppDescriptor { get }
    /// The app's strings in every language.
    var catalog: Catalog { get }
    /// The app's migrations, in order. Reference data that every installation needs belongs here too.
    var migrations: [any Migration] { get }
    /// How the app's people sign in, change and reset passwords and leave; the kernel
    /// serves those pages and API calls for it (`AppAccounts`).
    var accounts: (any AppAccounts)? { get }
    /// Registers pages and API routes.
    func registerRoutes(_ mount: AppMount) throws
    /// Demo accounts the app seeds (printed at start while demo data is on).
    var demoAccounts: [DemoAccount] { get }
    /// Seeds demo data. Called once per database; must create `demoAccounts`.
    func seedDemoData(_ context: SeedContext) async throws
    /// Extra `hromada` subcommands, by name.
    var commands: [String: any AsyncCommand] { get }
    /// Subcommands that are clients of a running server (a device simulator): `hromada
    /// <name>` runs them without setting the server up — no database of its own, no
    /// migrations or demo data, no background jobs, no mail.
    var clientCommands: [String: any AsyncCommand] { get }
    /// The app's OpenAPI 3 document (JSON), served at `<prefix>/api/openapi.json`.
    var openAPIDocument: String? { get }
    /// A folder of the app's own CSS, JavaScript and SVG files, served like the kernel's
    /// under `/static/<name>`; names must not clash with the kernel's (prefix them with the app's id).
    var publicDirectory: URL? { get }
    /// The app's share of the server's periodic housekeeping (every ten minutes): ending
    /// what has lapsed. Runs on one instance or several at once, so it must be safe to repeat.
    func housekeeping(_ services: ServiceContext) async throws
    /// Work the app runs in the background while the server runs, each job on its own
    /// schedule (the kernel starts and stops them; an app starts no task of its own).
    var backgroundJobs: [BackgroundJob] { get }
    /// The app's PostgreSQL statements (its fast paths' stores), listed by
    /// `hromada statements` for the benchmarks' `pgbench` runs and prepared by a test.
    var postgresStatements: [any PostgresPreparedStatement.Type] { get }
}

/// A piece of work an app runs again and again while the server runs (`HromadaApp.backgroundJobs`):
/// `run` every `interval`, from boot to shutdown. Runs on every instance, so it must be safe
/// to run on several at once; a failure is logged and the job runs again at its next turn.
public struct BackgroundJob: Sendable {
    public let name: String
    public let interval: Duration
    public let run: @Sendable (ServiceContext) async throws -> Void

    public init(_ name: String, every interval: Duration, run: @escaping @Sendable (ServiceContext) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.run = run
    }
}

extension HromadaApp {
    public var accounts: (any AppAccounts)? { nil }
    public var demoAccounts: [DemoAccount] { [] }
    public func seedDemoData(_ context: SeedContext) async throws {}
    public var commands: [String: any AsyncCommand] { [:] }
    public var clientCommands: [String: any AsyncCommand] { [:] }
    public var openAPIDocument: String? { nil }
    public var publicDirectory: URL? { nil }
    public func housekeeping(_ services: ServiceContext) async throws {}
    public var backgroundJobs: [BackgroundJob] { [] }
    public var postgresStatements: [any PostgresPreparedStatement.Type] { [] }
}

/// An app's OpenAPI document as it ships: `Public/openapi.json` in its bundle, the same
/// file `scripts/generate-openapi` builds the Swift client from.
public enum BundledOpenAPI {
    public static func document(in bundle: Bundle) -> String? {
        guard let url = bundle.url(forResource: "openapi", withExtension: "json", subdirectory: "Public") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
