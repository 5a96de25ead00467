import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Sensor keys and readings over the API: a device is who its key says, a reading is
    /// stored once, and what cannot be true is refused with its reason.
    @Suite("Sensors and readings")
    struct SensorTests {
        @Test("no key or a wrong one is a 401, another sensor's key a 403; nothing is stored")
        func keys() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let first = try await enclosureWithSensor(app, by: director, name: "Перший")
                let second = try await enclosureWithSensor(app, by: director, name: "Другий")
                let body = reading(at: Date())
                let missing = try await postReadings(app, sensor: first.sensor, key: nil, body)
                #expect(missing.status == .unauthorized && codeOf(missing) == "sensor_key_missing")
                #expect(missing.headers.first(name: .wwwAuthenticate)?.hasPrefix("Bearer") == true)
                let wrong = try await postReadings(app, sensor: first.sensor, key: "ssk_not-a-key", body)
                #expect(wrong.status == .unauthorized && codeOf(wrong) == "sensor_key_wrong")
                let foreign = try await postReadings(app, sensor: first.sensor, key: second.key, body)
                #expect(foreign.status == .forbidden && codeOf(foreign) == "sensor_key_foreign")
                // A person's API token is not a sensor key either.
                let token = try await postReadings(app, sensor: first.sensor, key: director.token, body)
                #expect(token.status == .unauthorized)
                #expect(try await storedReadings(app, first.sensor) == 0)
                // The key is kept only as a hash.
                let sensor = try #require(try await Sensor.find(first.sensor, on: app.db))
                #expect(sensor.keyHash == SecretToken.hash(first.key) && !sensor.keyHash.contains(first.key))
                let ok = try await postReadings(app, sensor: first.sensor, key: first.key, body)
                #expect(ok.status == .ok, "\(ok.body.string)")
            }
        }

        @Test("a rotated key replaces the old one at once")
        func rotation() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let rotated = try await read(SSModels.SensorKey.self, app, .POST, "/sensors/\(setup.sensor)/key", as: director)
                #expect(rotated.key != setup.key && rotated.key.hasPrefix("ssk_"))
                let old = try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: Date()))
                #expect(old.status == .unauthorized)
                let new = try await postReadings(app, sensor: setup.sensor, key: rotated.key, reading(at: Date()))
                #expect(new.status == .ok)
                let time = try await sendJSON(app, .GET, "\(api)/sensors/\(setup.sensor)/time", token: rotated.key)
                #expect(time.status == .ok)
                let keyless = try await sendJSON(app, .GET, "\(api)/sensors/\(setup.sensor)/time")
                #expect(keyless.status == .unauthorized)
            }
        }

        @Test("a repeated reading is stored once; a batch may come late and out of order")
        func duplicatesAndOrder() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = clock.now
                let first = try decode(SSModels.IngestAnswer.self, try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: now)))
                #expect(first.stored == 1 && first.duplicates == 0)
                let again = try decode(SSModels.IngestAnswer.self, try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: now)))
                #expect(again.stored == 0 && again.duplicates == 1)
                // An offline device's buffer: an hour of readings, newest first, one repeated
                // inside the batch and one already stored.
                let buffer = (1...60).reversed().map { reading(at: now.addingTimeInterval(-Double($0) * 60)) } + [reading(at: now.addingTimeInterval(-600))]
                let late = try decode(SSModels.IngestAnswer.self,
                                      try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": buffer + [reading(at: now)]]))
                #expect(late.stored == 60 && late.duplicates == 2 && late.refused.isEmpty)
                #expect(try await storedReadings(app, setup.sensor) == 61)
                // The sensor's newest time stays the newest, whatever order readings came in.
                let sensor = try #require(try await Sensor.find(setup.sensor, on: app.db))
                #expect(sensor.lastReadingAt == now)
            }
        }

        @Test("impossible values and times are refused with a reason; the valid rest of a batch is stored")
        func refusals() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = clock.now
                let cases: [([String: Any], String)] = [
                    (reading(at: now.addingTimeInterval(3600)), "reading_future"),
                    (reading(at: now.addingTimeInterval(-31 * 86_400)), "reading_too_old"),
                    (reading(at: now, temperature: 120), "reading_temperature"),
                    (reading(at: now, humidity: 101), "reading_humidity"),
                    (reading(at: now, water: -3), "reading_water"),
                    (["temperature": 20, "humidity": 50], "reading_incomplete"),
                ]
                for (body, code) in cases {
                    let response = try await postReadings(app, sensor: setup.sensor, key: setup.key, body)
                    #expect(response.status == .unprocessableEntity && codeOf(response) == code, "\(code): \(response.body.string)")
                }
                let batch = try decode(SSModels.IngestAnswer.self, try await postReadings(
                    app, sensor: setup.sensor, key: setup.key,
                    ["readings": [reading(at: now.addingTimeInterval(-60)), reading(at: now, temperature: -60), reading(at: now.addingTimeInterval(-120))]]))
                #expect(batch.stored == 2 && batch.refused.map(\.index) == [1] && batch.refused.first?.code == "reading_temperature")
                #expect(batch.refused.first?.message.contains("−40") == true)
                #expect(try await storedReadings(app, setup.sensor) == 2)
                let tooMany = (0...ReadingService.batchLimit).map { reading(at: now.addingTimeInterval(-Double($0))) }
                let refused = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": tooMany])
                #expect(refused.status == .payloadTooLarge && codeOf(refused) == "too_many_readings")
                let empty = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": [Any]()])
                #expect(empty.status == .unprocessableEntity)
                #expect(try await storedReadings(app, setup.sensor) == 2)
            }
        }

        @Test("a full batch of 1,000 is taken in one request")
        func fullBatch() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = Date()
                let batch = (0..<ReadingService.batchLimit).map { reading(at: now.addingTimeInterval(-Double($0) * 30)) }
                let answer = try decode(SSModels.IngestAnswer.self, try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": batch]))
                #expect(answer.stored == ReadingService.batchLimit)
                #expect(try await storedReadings(app, setup.sensor) == ReadingService.batchLimit)
            }
        }

        @Test("the staff read an enclosure's readings with the heat-stress index")
        func readingsWithHeatStress() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = Date()
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key,
                                           ["readings": [reading(at: now.addingTimeInterval(-60), temperature: 20, humidity: 50),
                                                         reading(at: now, temperature: 30, humidity: 70)]])
                let readings = try await read([SSModels.ReadingDTO].self, app, .GET, "/enclosures/\(setup.enclosure)/readings", as: doctor)
                #expect(readings.map(\.heatStress) == ["danger", "normal"])
                #expect(zip(readings.map(\.heatStressIndex), [81.38, 65.25]).allSatisfy { abs($0 - $1) < 1e-9 })
                let enclosure = try await read(SSModels.EnclosureDTO.self, app, .GET, "/enclosures/\(setup.enclosure)", as: doctor)
                #expect(enclosure.latest?.temperature == 30 && enclosure.sensors.count == 1)
                // The list reads every enclosure's newest reading at once: each its own.
                let other = try await enclosureWithSensor(app, by: director, name: "Другий")
                _ = try await postReadings(app, sensor: other.sensor, key: other.key, reading(at: now.addingTimeInterval(-30), temperature: 12, humidity: 40))
                _ = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Без датчиків"])
                let listed = try await read([SSModels.EnclosureDTO].self, app, .GET, "/enclosures", as: doctor)
                let latest = Dictionary(uniqueKeysWithValues: listed.map { ($0.name, $0.latest?.temperature ?? -999) })
                #expect(latest == ["Вольєр 1": 30, "Другий": 12, "Без датчиків": -999])
            }
        }
    }
}
