import HromadaSuite
import Kernel
import Logging
import NIOCore
import NIOPosix
import Vapor

/// `hromada [serve|migrate|seed|create-admin …]`: the server and its commands.
/// Without arguments it serves on http://127.0.0.1:8080 with SQLite in ./hromada.sqlite.

// Swift Concurrency's jobs run on NIO's event loops, the threads that already do the
// sockets: an async handler then no longer hops to the cooperative pool and back for
// every database answer (two thread wake-ups per query). Must come before any task starts.
if ProcessInfo.processInfo.environment["HROMADA_NIO_EXECUTOR"] != "0" {
    NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
}

var environment = try Environment.detect()
try bootstrapLogging(&environment)

let application = try await Application.make(environment)
do {
    if let client = Hromada.clientCommand(among: Suite.apps, arguments: environment.arguments) {
        // A client of a running server: none of the server's own parts are set up.
        application.asyncCommands.use(client.command, as: client.name)
    } else {
        let configuration = try HromadaConfiguration.fromEnvironment()
        try await Hromada.configure(application, apps: Suite.apps, upcoming: Suite.upcoming, configuration: configuration)
        if isServing(environment.arguments) {
            let address = serverAddress(environment.arguments)
            application.logger.notice("\(DemoData.banner(for: application, address: address))")
        }
    }
    let streamClosers = closeEventStreamsOnSignals(application)
    try await application.execute()
    streamClosers.forEach { $0.cancel() }
} catch {
    application.logger.critical("Hromada stopped: \(error)")
    try? await application.asyncShutdown()
    exit(1)
}
try await application.asyncShutdown()

/// On Ctrl-C (or SIGTERM) Vapor stops the HTTP server, which waits for open responses
/// to end; event streams never end by themselves, so we end them first. Vapor's own
/// handlers for the same signals still run.
func closeEventStreamsOnSignals(_ application: Application) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signal in
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
        source.setEventHandler { application.kernel.events.closeAllSubscriptions() }
        source.resume()
        return source
    }
}

/// `LOG_FORMAT=json` switches to one JSON object per line; `LOG_LEVEL` sets the level.
func bootstrapLogging(_ environment: inout Environment) throws {
    if Environment.get("LOG_FORMAT")?.lowercased() == "json" {
        let level = Environment.get("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info
        LoggingSystem.bootstrap { label in JSONLogHandler(label: label, level: level) }
    } else {
        try LoggingSystem.bootstrap(from: &environment)
    }
}

func isServing(_ arguments: [String]) -> Bool {
    arguments.count < 2 || arguments[1] == "serve" || arguments[1].hasPrefix("-")
}

/// The address `serve` will bind, from `--hostname`/`--port` (Vapor's defaults otherwise).
func serverAddress(_ arguments: [String]) -> String {
    func value(_ names: [String]) -> String? {
        guard let index = arguments.firstIndex(where: names.contains), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
    return "http://\(value(["--hostname", "-H"]) ?? "127.0.0.1"):\(value(["--port", "-p"]) ?? "8080")"
}
