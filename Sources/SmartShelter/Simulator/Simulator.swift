import Foundation
import Kernel
import Vapor

/// Plays sensor devices against a running server, each with its own key, as the
/// original's ESP32 boxes would: normal days, and with faults a heat wave, a sensor that
/// goes silent, a device offline that sends its buffer later (repeating a reading it had
/// sent), and a device with a wrong key. `hromada shelter-simulate` runs it.
public struct Simulator: Sendable {
    public struct Options: Sendable {
        public var server: String
        public var email: String
        public var password: String
        public var sensors: Int
        public var interval: Int
        public var faults: Bool

        public init(server: String, email: String, password: String, sensors: Int, interval: Int, faults: Bool) {
            self.server = server
            self.email = email
            self.password = password
            self.sensors = sensors
            self.interval = interval
            self.faults = faults
        }
    }

    /// What a device does, by its number: with faults, the first four misbehave.
    public enum Behaviour: String, Sendable {
        case normal, heatWave = "heat wave", silent = "goes silent", offline = "offline, then its buffer", wrongKey = "wrong key"
    }

    /// What the server answered, summed over every device and tick.
    public struct Tally: Sendable, Equatable {
        public var sent = 0
        public var stored = 0
        public var duplicates = 0
        public var refused = 0
        public var unauthorized = 0
        public var failed = 0
    }

    public struct Device: Sendable {
        public let sensorID: String
        public let key: String
        public let behaviour: Behaviour
        var buffer: [Reading] = []
        var last: Reading?
    }

    let options: Options
    let client: any Client
    let clock: any WallClock

    public init(options: Options, client: any Client, clock: any WallClock = SystemClock()) {
        self.options = options
        self.client = client
        self.clock = clock
    }

    private var api: String { options.server.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + SmartShelter.descriptor.apiPath }

    /// Signs in as the director, confirms the password, and makes `sensors` sensors spread
    /// over the shelter's enclosures: the devices, with their keys.
    public func setUp() async throws -> [Device] {
        let session = try await client.post(URI(string: "\(api)/session")) { try $0.content.encode(["email": options.email, "password": options.password]) }
        guard session.status == .ok, let token = try? session.content.decode(SSModels.Session.self).token else {
            throw SimulatorError("signing in as \(options.email) failed: \(session.status)")
        }
        let auth: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        let confirmed = try await client.post(URI(string: "\(api)/password-confirmation"), headers: auth) { try $0.content.encode(["password": options.password]) }
        guard confirmed.status == .ok else { throw SimulatorError("confirming the password failed: \(confirmed.status) (a director's account is needed)") }
        let enclosures = try await client.get(URI(string: "\(api)/enclosures"), headers: auth).content.decode([SSModels.EnclosureDTO].self)
        guard !enclosures.isEmpty else { throw SimulatorError("the shelter has no enclosures to put sensors in") }
        var devices: [Device] = []
        for index in 0..<options.sensors {
            let enclosure = enclosures[index % enclosures.count]
            let made = try await client.post(URI(string: "\(api)/enclosures/\(enclosure.id.uuidString.lowercased())/sensors"), headers: auth) {
                try $0.content.encode(["name": "Simulator \(index + 1)", "intervalSeconds": String(options.interval)])
            }
            guard made.status == .created else { throw SimulatorError("making a sensor failed: \(made.status)") }
            let issued = try made.content.decode(SSModels.SensorKey.self)
            devices.append(Device(sensorID: issued.sensor.id.uuidString.lowercased(), key: issued.key, behaviour: Self.behaviour(index, faults: options.faults)))
        }
        return devices
    }

    static func behaviour(_ index: Int, faults: Bool) -> Behaviour {
        guard faults else { return .normal }
        return [.heatWave, .silent, .offline, .wrongKey][safe: index] ?? .normal
    }

    /// One reporting round of every device at tick `tick`.
    public func tick(_ tick: Int, _ devices: inout [Device]) async -> Tally {
        var tally = Tally()
        let now = clock.now
        for index in devices.indices {
            let reading = Self.reading(for: devices[index].behaviour, tick: tick, device: index, at: now)
            switch devices[index].behaviour {
            case .silent where tick >= 3:
                continue
            case .offline where tick % 6 != 5:
                // No network: keep it (and the device resends its last one, as after a reset).
                devices[index].buffer.append(reading)
                continue
            case .offline:
                let batch = devices[index].buffer + [reading] + (devices[index].last.map { [$0] } ?? [])
                devices[index].buffer = []
                devices[index].last = reading
                await send(batch, from: devices[index], key: devices[index].key, into: &tally)
            case .wrongKey where tick % 2 == 1:
                await send([reading], from: devices[index], key: "ssk_" + String(devices[index].key.dropFirst(4).reversed()), into: &tally)
            default:
                devices[index].last = reading
                await send([reading], from: devices[index], key: devices[index].key, into: &tally)
            }
        }
        return tally
    }

    private func send(_ readings: [Reading], from device: Device, key: String, into tally: inout Tally) async {
        tally.sent += readings.count
        let body = SimulatedBatch(readings: readings.map {
            SimulatedReading(at: $0.at, temperature: $0.temperature, humidity: $0.humidity, waterLevel: $0.waterLevel, foodLevel: $0.foodLevel,
                             battery: $0.battery, signal: $0.signal)
        })
        do {
            let response = try await client.post(URI(string: "\(api)/sensors/\(device.sensorID)/readings"), headers: ["Authorization": "Bearer \(key)"]) {
                try $0.content.encode(body)
            }
            switch response.status {
            case .ok:
                let answer = try response.content.decode(SSModels.IngestAnswer.self)
                tally.stored += answer.stored
                tally.duplicates += answer.duplicates
                tally.refused += answer.refused.count
            case .unauthorized, .forbidden: tally.unauthorized += readings.count
            default: tally.failed += readings.count
            }
        } catch {
            tally.failed += readings.count
        }
    }

    /// A day's curve for each device (warmest mid-afternoon), hot and humid in a heat wave.
    static func reading(for behaviour: Behaviour, tick: Int, device: Int, at now: Date) -> Reading {
        let hour = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        let daily = sin((hour - 9) / 24 * 2 * .pi)
        let noise = Double((tick * 7 + device * 13) % 11 - 5) / 10
        let level = max(5, 100 - Double(tick % 48) * 2)
        // The device's own state: a battery running down slowly, a signal that wavers.
        let battery = max(1, 95 - Double(device * 12) - Double(tick) / 60), signal = -60 - Double(device * 5) + noise * 6
        if behaviour == .heatWave {
            return Reading(at: now, temperature: 34 + 2 * daily + noise, humidity: 70 + noise, waterLevel: level, foodLevel: level,
                           battery: battery, signal: signal)
        }
        return Reading(at: now, temperature: 20 + 3 * daily + noise, humidity: 50 - 6 * daily + noise, waterLevel: level, foodLevel: level,
                       battery: battery, signal: signal)
    }
}

struct SimulatedBatch: Content {
    let readings: [SimulatedReading]
}

struct SimulatedReading: Content {
    let at: Date
    let temperature: Double
    let humidity: Double
    let waterLevel: Double?
    let foodLevel: Double?
    let battery: Double?
    let signal: Double?
}

public struct SimulatorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
