import Fluent
import Vapor

/// What the kernel keeps for the lifetime of the application: configuration, the
/// mounted apps, their strings, the clock, the event bus and the static assets.
public final class HromadaKernel: Sendable {
    public let configuration: HromadaConfiguration
    public let apps: [any HromadaApp]
    /// Apps shown on the landing page as coming soon (not yet built).
    public let upcoming: [AppDescriptor]
    public let catalogs: [Catalog]
    public let clock: any WallClock
    public let events: EventBus
    public let assets: StaticAssets
    /// Apps' in-memory caches, one set per server.
    public let state: ServerState
    /// A bcrypt hash of nothing anyone knows, verified when a login is unknown.
    let decoyPasswordHash: String

    init(configuration: HromadaConfiguration, apps: [any HromadaApp], upcoming: [AppDescriptor], clock: any WallClock, events: EventBus, assets: StaticAssets, decoyPasswordHash: String) {
        self.configuration = configuration
        self.apps = apps
        self.upcoming = upcoming
        self.catalogs = [KernelStrings.catalog] + apps.map(\.catalog)
        self.clock = clock
        self.events = events
        self.assets = assets
        self.decoyPasswordHash = decoyPasswordHash
        self.state = ServerState(databaseFamily: configuration.database.family)
    }

    /// The mounted app whose prefix starts `path`, if any.
    public func app(forPath path: String) -> AppDescriptor? {
        apps.lazy.map(\.descriptor).first { path == $0.pathPrefix || path.hasPrefix($0.pathPrefix + "/") }
    }

    /// Account services on `database` (a request's, a transaction's or the application's).
    public func accountService(on database: any Database, passwords: AsyncPasswordHasher) -> AccountService {
        AccountService(database: database, passwords: passwords, clock: clock,
                       tokenLifetime: configuration.apiTokenLifetime, decoyHash: decoyPasswordHash)
    }

    public func app(id: String) -> (any HromadaApp)? {
        apps.first { $0.descriptor.id == id }
    }
}

struct HromadaKernelKey: StorageKey {
    typealias Value = HromadaKernel
}

extension Application {
    /// The kernel; available once `Hromada.configure` has run.
    public var kernel: HromadaKernel {
        guard let kernel = storage[HromadaKernelKey.self] else {
            fatalError("Hromada.configure(_:) has not been called on this application")
        }
        return kernel
    }
}

extension Request {
    public var kernel: HromadaKernel { application.kernel }
    public var clock: any WallClock { application.kernel.clock }
}
