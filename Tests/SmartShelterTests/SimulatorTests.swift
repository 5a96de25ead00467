import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
@testable import SmartShelter

extension ShelterTests {
    @Suite("Simulator")
    struct SimulatorTests {
        @Test("`hromada shelter-simulate` is a client: it is run without the server's database, jobs and mail; the server's commands are not")
        func simulatorIsAClient() {
            let apps: [any HromadaApp] = [SmartShelter()]
            #expect(Hromada.clientCommand(among: apps, arguments: ["hromada", "shelter-simulate", "--server", "http://127.0.0.1:8080"])?.name == "shelter-simulate")
            for arguments in [["hromada"], ["hromada", "serve"], ["hromada", "shelter-restore", "backup.tar"], ["hromada", "migrate"]] {
                #expect(Hromada.clientCommand(among: apps, arguments: arguments) == nil, "\(arguments)")
            }
        }

        @Test("five devices with faults against a live server: what each does is what the server counts, and the alarms follow")
        func faults() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                _ = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Вольєр 1"])
                try await TestHarness.withLiveServer(app) { base in
                    let simulator = Simulator(options: .init(server: base, email: director.login, password: password, sensors: 5, interval: 60, faults: true),
                                              client: app.client, clock: clock)
                    var devices = try await simulator.setUp()
                    #expect(devices.map(\.behaviour) == [.heatWave, .silent, .offline, .wrongKey, .normal])
                    var total = Simulator.Tally()
                    for tick in 0..<12 {
                        let tally = await simulator.tick(tick, &devices)
                        total.sent += tally.sent
                        total.stored += tally.stored
                        total.duplicates += tally.duplicates
                        total.unauthorized += tally.unauthorized
                        total.refused += tally.refused
                        total.failed += tally.failed
                        clock.advance(by: 60)
                    }
                    // heat 12, silent 3, offline 6 + 7 (its second buffer repeats a reading), wrong key 6 + 6 refused, normal 12
                    #expect(total == Simulator.Tally(sent: 52, stored: 45, duplicates: 1, refused: 0, unauthorized: 6, failed: 0))
                }
                try await ShelterContext(app.services).alarms.checkSilence()
                let kinds = Set(try await Alarm.query(on: app.db).all().map(\.kind))
                #expect(kinds.isSuperset(of: ["heat_stress", "too_hot", "silence"]), "\(kinds)")
            }
        }
    }
}
