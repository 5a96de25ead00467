import Foundation
import Kernel
import Vapor

/// `hromada shelter-simulate --server URL --sensors N --interval S [--faults] [--ticks K]`:
/// plays N sensor devices against a Smart Shelter server, each sending a reading every S
/// seconds with its own key (made for it by signing in as a director: `--email`, the
/// password from `SHELTER_SIMULATOR_PASSWORD` or a prompt), and prints what the server
/// answered each round. With `--faults` the first four devices are a heat wave, a sensor
/// that goes silent, a device offline that sends its buffer later, and a wrong key.
struct SimulateCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "server", help: "The server, e.g. http://127.0.0.1:8080")
        var server: String?
        @Option(name: "sensors", help: "How many devices (default 4)")
        var sensors: Int?
        @Option(name: "interval", help: "Seconds between readings (default 60)")
        var interval: Int?
        @Flag(name: "faults", help: "Heat wave, a silent sensor, an offline device, a wrong key")
        var faults: Bool
        @Option(name: "ticks", help: "Stop after this many rounds (default: run until stopped)")
        var ticks: Int?
        @Option(name: "email", help: "A director's e-mail (default: the demo director)")
        var email: String?
    }

    var help: String { "Plays Smart Shelter sensor devices against a server (see README)" }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let server = signature.server, URL(string: server)?.host != nil else { throw SimulatorError("Give --server, e.g. http://127.0.0.1:8080") }
        let sensors = signature.sensors ?? 4, interval = signature.interval ?? 60
        let intervals = SensorService.intervalRange
        guard (1...10_000).contains(sensors), intervals.contains(interval) else {
            throw SimulatorError("--sensors 1–10000, --interval \(intervals.lowerBound)–\(intervals.upperBound) (seconds)")
        }
        let password = Environment.get("SHELTER_SIMULATOR_PASSWORD")
            ?? context.console.ask("The director's password:".consoleText(), isSecure: true)
        let simulator = Simulator(options: .init(server: server, email: signature.email ?? ShelterDemoData.accounts[0].login, password: password,
                                                 sensors: sensors, interval: interval, faults: signature.faults),
                                  client: context.application.client)
        var devices = try await simulator.setUp()
        for device in devices { context.console.print("sensor \(device.sensorID): \(device.behaviour.rawValue)") }
        var tick = 0
        while signature.ticks.map({ tick < $0 }) ?? true {
            let started = ContinuousClock.now
            let tally = await simulator.tick(tick, &devices)
            context.console.print("round \(tick + 1): sent \(tally.sent), stored \(tally.stored), repeated \(tally.duplicates), "
                                  + "refused \(tally.refused), wrong key \(tally.unauthorized), failed \(tally.failed)")
            tick += 1
            if signature.ticks.map({ tick < $0 }) ?? true {
                try await Task.sleep(until: started + .seconds(interval), clock: .continuous)
            }
        }
    }
}
