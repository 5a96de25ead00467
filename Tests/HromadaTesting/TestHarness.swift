import Foundation
import Kernel
import PostgresKit
import Vapor
import VaporTesting

/// The next element of an async sequence, or nil if none arrives within `timeout`
/// (so a missing event fails a test instead of hanging it).
public func next<S: AsyncSequence & Sendable>(_ sequence: S, timeout: Duration = .seconds(10)) async -> S.Element? where S.Element: Sendable {
    await withTaskGroup(of: S.Element?.self) { group in
        group.addTask {
            var iterator = sequence.makeAsyncIterator()
            return try? await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Builds applications for tests: on SQLite (a throwaway file) by default, on
/// PostgreSQL when `TEST_DATABASE_URL` is set, each test with a fresh database
/// (a schema of its own on PostgreSQL, dropped afterwards).
public enum TestHarness {
    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    public static var isPostgres: Bool { postgresURL != nil }

    /// A fresh, empty database for the duration of `body`. Several applications may be
    /// built on it (several server instances sharing one database).
    public static func withDatabase<T>(_ body: (DatabaseLocation, _ channel: String) async throws -> T) async throws -> T {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        if let url = postgresURL {
            return try await withPostgresSlot {
                try await runAdminSQL("CREATE SCHEMA \"\(name)\"", url: url)
                do {
                    let result = try await body(.postgres(url: url, searchPath: String(name)), "events_\(name)")
                    try await runAdminSQL("DROP SCHEMA \"\(name)\" CASCADE", url: url)
                    return result
                } catch {
                    try? await runAdminSQL("DROP SCHEMA \"\(name)\" CASCADE", url: url)
                    throw error
                }
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hromada-\(name).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        return try await body(.sqlite(path: path), "events_\(name)")
    }

    /// How many tests use PostgreSQL at once. Each holds an application's pool (up to
    /// `databasePoolSize` connections per event loop), its event listener and admin
    /// statements, some several applications; a whole run starting its 653 tests together
    /// passed the throwaway server's 1,000 connections («sorry, too many clients already»
    /// 201 times, failing ~50 tests at random). 40 at a time stay well under it.
    static let postgresSlots = Slots(40)

    /// Whether this task already holds a slot: a database made inside another test's
    /// (nested) takes none, so waiting can never go round in a circle.
    @TaskLocal static var holdsPostgresSlot = false

    static func withPostgresSlot<T>(_ body: () async throws -> T) async throws -> T {
        if holdsPostgresSlot { return try await body() }
        await postgresSlots.acquire()
        do {
            let result = try await $holdsPostgresSlot.withValue(true) { try await body() }
            await postgresSlots.release()
            return result
        } catch {
            await postgresSlots.release()
            throw error
        }
    }

    /// A counting semaphore for async code: `acquire` waits (in order) while none is free.
    actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = count }

        func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }

    /// A configuration for tests: fast bcrypt, no demo data unless asked.
    public static func configuration(database: DatabaseLocation, channel: String) -> HromadaConfiguration {
        var configuration = HromadaConfiguration()
        configuration.database = database
        configuration.eventChannel = channel
        configuration.bcryptCost = 4
        configuration.demoData = false
        configuration.databasePoolSize = 4
        return configuration
    }

    /// Builds and configures an application on `database`, runs `body`, shuts it down.
    public static func withApplication<T>(
        on database: DatabaseLocation, channel: String,
        apps: [any HromadaApp], upcoming: [AppDescriptor] = [], clock: any WallClock = SystemClock(),
        adjust: (inout HromadaConfiguration) -> Void = { _ in },
        _ body: (Application) async throws -> T
    ) async throws -> T {
        var configuration = configuration(database: database, channel: channel)
        // A full run starts hundreds of applications on two shared cores; the event
        // listener's connection then took longer than the default 10 s once, and a test that
        // expects a live bus at start saw it still connecting. Tests wait as long as needed.
        configuration.eventListenerStartTimeout = .seconds(60)
        // Likewise a race's requests, queued behind its other requests' PostgreSQL
        // connections on a loaded machine, once waited more than the default 10 s for one
        // and were answered 503 (the server's right answer to overload, not the test's subject).
        configuration.databasePoolTimeout = .seconds(60)
        // And opening a connection to the throwaway server: 31 tests failed in one 10-second
        // window on PostgresNIO's default connect timeout with browsers and servers beside them.
        configuration.databaseConnectTimeout = .seconds(60)
        adjust(&configuration)
        let application = try await Application.make(.testing)
        // Each application gets its own blocking-work threads. Vapor's default is one
        // process-wide pool (two threads here) that SQLite runs every statement on; with
        // tests running in parallel, two connections of different apps waiting for a
        // write lock (SQLite's busy handler retries without sleeping) can hold both
        // threads while the lock holders wait for one — a hang seen once in a full run.
        application.threadPool = NIOThreadPool(numberOfThreads: 2)
        // Races send dozens of requests at once through the client's pool of eight
        // connections; while a full run's tests share two cores, a queued request can wait
        // longer than the default 10 s for one (`getConnectionFromPoolTimeout`), which is no
        // answer of the server's. Set before anything (the push worker) makes the client.
        application.http.client.configuration.timeout.connect = .seconds(60)
        // And a race of forty (the sign-in throttle's) should not queue behind eight.
        application.http.client.configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        // Quiet by default; TEST_LOG_LEVEL=debug shows every request.
        application.logger.logLevel = ProcessInfo.processInfo.environment["TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        do {
            try await Hromada.configure(application, apps: apps, upcoming: upcoming, configuration: configuration, clock: clock)
            let result = try await body(application)
            try await application.asyncShutdown()
            return result
        } catch {
            try? await application.asyncShutdown()
            throw error
        }
    }

    /// The usual case: one application on a fresh database.
    public static func withApp<T>(
        apps: [any HromadaApp], upcoming: [AppDescriptor] = [], clock: any WallClock = SystemClock(),
        adjust: (inout HromadaConfiguration) -> Void = { _ in },
        _ body: (Application) async throws -> T
    ) async throws -> T {
        try await withDatabase { database, channel in
            try await withApplication(on: database, channel: channel, apps: apps, upcoming: upcoming, clock: clock, adjust: adjust, body)
        }
    }

    private static func runAdminSQL(_ sql: String, url: String) async throws {
        var configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        configuration.options.connectTimeout = .seconds(60)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: Logger(label: "test-admin"))
        do {
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test-admin"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

extension TestHarness {
    /// Serves `application` on a free loopback port for the duration of `body`, so tests
    /// can send real HTTP requests (concurrently, with real body limits, streaming).
    public static func withLiveServer<T>(_ application: Application, _ body: (_ baseURL: String) async throws -> T) async throws -> T {
        try await application.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = application.http.server.shared.localAddress?.port else {
            await application.server.shutdown()
            throw Abort(.internalServerError, reason: "The test server did not report its port")
        }
        // Open event streams keep the server from stopping: end them first, as `hromada serve` does on Ctrl-C.
        func stop() async {
            application.kernel.events.closeAllSubscriptions()
            await application.server.shutdown()
        }
        do {
            let result = try await body("http://127.0.0.1:\(port)")
            await stop()
            return result
        } catch {
            await stop()
            throw error
        }
    }

    /// Sends one request `times` times at once to `application` served live
    /// (`withLiveServer`) and gives the statuses, in the order they came: the first half of
    /// a race test, whose second half checks that the invariant held.
    public static func sameRequestAtOnce(_ application: Application, times: Int, _ method: HTTPMethod, _ path: String,
                                         headers: HTTPHeaders, body: ByteBuffer? = nil) async throws -> [HTTPStatus] {
        try await withLiveServer(application) { base in
            try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<times {
                    group.addTask {
                        try await application.client.send(method, headers: headers, to: URI(string: base + path)) { request in
                            if let body { request.body = body }
                        }.status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
    }
}
