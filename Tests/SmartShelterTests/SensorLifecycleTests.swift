import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// A sensor can be renamed, given another interval, paused and retired; a paused or
    /// retired sensor never raises «датчик мовчить».
    @Suite("A sensor's lifecycle")
    struct SensorLifecycleTests {
        func silenceAlarms(_ app: Application) async throws -> Int {
            try await Alarm.query(on: app.db).filter(\.$kind == "silence").count()
        }

        @Test("rename, interval and pause; paused means no silence alarm, and resuming counts the silence afresh")
        func pauseAndResume() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let s = try await enclosureWithSensor(app, by: director)
                #expect(try await send(app, .PATCH, "/sensors/\(s.sensor)", as: doctor, ["paused": true]).status == .forbidden)
                let bad = try await send(app, .PATCH, "/sensors/\(s.sensor)", as: director, ["name": "", "intervalSeconds": 5])
                #expect(bad.status == .unprocessableEntity && Set(fieldsOf(bad)) == ["name", "intervalSeconds"])
                let paused = try await read(SSModels.SensorDTO.self, app, .PATCH, "/sensors/\(s.sensor)", as: director,
                                            ["name": "Біля вікна", "intervalSeconds": 120, "paused": true])
                #expect(paused.name == "Біля вікна" && paused.intervalSeconds == 120 && paused.paused)

                clock.advance(by: 3600)
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 0, "paused for an hour: silent on purpose")

                let director2 = try await confirmedDirector(app)
                #expect(try await read(SSModels.SensorDTO.self, app, .PATCH, "/sensors/\(s.sensor)", as: director2, ["paused": false]).paused == false)
                clock.advance(by: 239)
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 0, "239 s after resuming, with a 120-s interval, is not yet silence")
                clock.advance(by: 2)
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 1)
            }
        }

        @Test("a silence alarm closes itself once the sensor is heard again; another silent sensor of the enclosure keeps it open")
        func silenceClosesWhenHeard() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let s = try await enclosureWithSensor(app, by: director)
                let alarms = ShelterContext(app.services).alarms
                func open() async throws -> [Alarm] {
                    try await Alarm.query(on: app.db).filter(\.$kind == "silence").filter(\.$resolvedAt == nil).all()
                }
                clock.advance(by: 600)
                try await alarms.checkSilence()
                #expect(try await open().count == 1)
                // Heard again (a reading a second ago): the next check closes it, by itself.
                clock.advance(by: 60)
                let spoke = clock.now.addingTimeInterval(-1)
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: spoke)).status == .ok)
                try await alarms.checkSilence()
                #expect(try await open().isEmpty)
                let closed = try #require(try await Alarm.query(on: app.db).filter(\.$kind == "silence").first())
                #expect(closed.resolvedBy == nil && closed.normalSince == spoke)
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "alarm.resolve_itself").count() == 1)

                // Two sensors: one heard again while the other is still silent keeps it open.
                let second = try decode(SSModels.SensorKey.self, try await send(app, .POST, "/enclosures/\(s.enclosure)/sensors",
                                                                                as: try await confirmedDirector(app),
                                                                                ["name": "Другий", "intervalSeconds": 60]))
                clock.advance(by: 600)
                try await alarms.checkSilence()
                #expect(try await open().count == 1)
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now)).status == .ok)
                try await alarms.checkSilence()
                #expect(try await open().count == 1, "the second sensor is still silent")
                clock.advance(by: 1)
                #expect(try await postReadings(app, sensor: second.sensor.id, key: second.key, reading(at: clock.now)).status == .ok)
                try await alarms.checkSilence()
                #expect(try await open().isEmpty)
            }
        }

        @Test("retired: the key stops at once, the sensor leaves the page and the silence rule, its readings stay")
        func retire() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let s = try await enclosureWithSensor(app, by: director)
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now)).status == .ok)
                #expect(try await send(app, .DELETE, "/sensors/\(s.sensor)", as: try await staff(app, .storekeeper)).status == .forbidden)
                #expect(try await send(app, .DELETE, "/sensors/\(s.sensor)", as: director).status == .noContent)

                let refused = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now.addingTimeInterval(1)))
                #expect(refused.status == .unauthorized)
                #expect(try await storedReadings(app, s.sensor) == 1)
                let enclosure = try await read(SSModels.EnclosureDTO.self, app, .GET, "/enclosures/\(s.enclosure)", as: director)
                #expect(enclosure.sensors.isEmpty)
                clock.advance(by: 3600)
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 0)
                // An hour on, the first director's window has closed: another one, confirmed now.
                let again = try await confirmedDirector(app)
                #expect(try await send(app, .PATCH, "/sensors/\(s.sensor)", as: again, ["paused": true]).status == .conflict)
                #expect(try await send(app, .POST, "/sensors/\(s.sensor)/key", as: again).status == .conflict)
                #expect(try await send(app, .DELETE, "/sensors/\(s.sensor)", as: again).status == .noContent)
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(s.sensor)", as: again)
                #expect(trail.map(\.action).contains("sensor.retire"))
            }
        }

        @Test("moved to another enclosure: same key, its past stays in the charts and readings of the enclosure it left, silence counted afresh")
        func move() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000)) // 13 minutes into an hour
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let a = try await enclosureWithSensor(app, by: director)
                let b = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": "Вольєр 2"]).id
                let before = clock.now.addingTimeInterval(-2 * 3600)
                #expect(try await postReadings(app, sensor: a.sensor, key: a.key, reading(at: before)).status == .ok)
                func week(_ enclosure: UUID) async throws -> [Int] {
                    try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(enclosure)/chart?range=week", as: director).points.map(\.readings)
                }
                func recent(_ enclosure: UUID) async throws -> [Date] {
                    try await read([SSModels.ReadingDTO].self, app, .GET, "/enclosures/\(enclosure)/readings", as: director).map(\.at)
                }
                func sensors(_ enclosure: UUID) async throws -> [UUID] {
                    try await read(SSModels.EnclosureDTO.self, app, .GET, "/enclosures/\(enclosure)", as: director).sensors.map(\.id)
                }
                // Drawn once before the move, so a server keeping the chart must notice it.
                #expect(try await week(a.enclosure) == [1])
                #expect(try await week(b) == [])
                clock.advance(by: 600)
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 1)

                // Ten minutes on, the first director's window has closed: one confirmed now.
                let confirmed = try await confirmedDirector(app)
                #expect(try await send(app, .PATCH, "/sensors/\(a.sensor)", as: try await staff(app, .doctor), ["enclosureId": b.uuidString]).status == .forbidden)
                let unknown = try await send(app, .PATCH, "/sensors/\(a.sensor)", as: confirmed, ["enclosureId": UUID().uuidString, "name": "Інша назва"])
                #expect(unknown.status == .notFound && codeOf(unknown) == "enclosure_not_found")
                #expect(try await sensors(a.enclosure) == [a.sensor], "nothing changed")
                let moved = try await read(SSModels.SensorDTO.self, app, .PATCH, "/sensors/\(a.sensor)", as: confirmed, ["enclosureId": b.uuidString])
                #expect(moved.enclosureId == b && moved.name == "Датчик")
                #expect(try await sensors(a.enclosure) == [])
                #expect(try await sensors(b) == [a.sensor])
                let silence = try #require(try await Alarm.query(on: app.db).filter(\.$kind == "silence").first())
                #expect(silence.resolvedAt == clock.now && silence.resolvedBy == confirmed.id, "the silence where it hung is closed")
                try await ShelterContext(app.services).alarms.checkSilence()
                #expect(try await silenceAlarms(app) == 1, "and counted afresh where it hangs now")

                // The same key reports from the new enclosure; the old one keeps what came before.
                #expect(try await postReadings(app, sensor: a.sensor, key: a.key, reading(at: clock.now)).status == .ok)
                #expect(try await week(a.enclosure) == [1])
                #expect(try await week(b) == [1])
                #expect(try await recent(a.enclosure) == [before])
                #expect(try await recent(b) == [clock.now])
                let trail = try await AuditEntry.query(on: app.db).filter(\.$action == "sensor.update").filter(\.$entityID == a.sensor.uuidString.lowercased())
                    .all()
                #expect(trail.count == 1 && trail.first?.after?.contains(b.uuidString.lowercased()) == true)

                // Back again an hour on: each enclosure's chart has what was measured in it.
                clock.advance(by: 3600)
                let again = try await confirmedDirector(app)
                #expect(try await send(app, .PATCH, "/sensors/\(a.sensor)", as: again, ["enclosureId": a.enclosure.uuidString]).status == .ok)
                #expect(try await postReadings(app, sensor: a.sensor, key: a.key, reading(at: clock.now)).status == .ok)
                #expect(try await week(a.enclosure).reduce(0, +) == 2)
                #expect(try await week(b) == [1])
            }
        }

        @Test("a device's battery and signal: kept from its newest reading, never from an older buffer; impossible ones refused; a low battery flagged")
        func batteryAndSignal() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let s = try await enclosureWithSensor(app, by: director)
                func sensor() async throws -> SSModels.SensorDTO {
                    try #require(try await read(SSModels.EnclosureDTO.self, app, .GET, "/enclosures/\(s.enclosure)", as: director).sensors.first)
                }
                let now = Date()
                var quiet = reading(at: now.addingTimeInterval(-120))
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, quiet).status == .ok)
                let silent = try await sensor()
                #expect(silent.batteryPercent == nil && silent.lowBattery == false)

                var newest = reading(at: now.addingTimeInterval(-60))
                newest["battery"] = 15
                newest["signal"] = -71
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, newest).status == .ok)
                var told = try await sensor()
                #expect(told.batteryPercent == 15 && told.signalDbm == -71 && told.lowBattery)
                // The helper sends whole seconds.
                #expect(told.powerAt.map { abs($0.timeIntervalSince(now.addingTimeInterval(-60))) < 1 } == true)

                // A buffer sent late, from before: stored, but the sensor keeps the newer report.
                var older = reading(at: now.addingTimeInterval(-600))
                older["battery"] = 90
                quiet = reading(at: now.addingTimeInterval(-30))
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, ["readings": [older, quiet]]).status == .ok)
                told = try await sensor()
                #expect(told.batteryPercent == 15 && told.signalDbm == -71)

                var charged = reading(at: now)
                charged["battery"] = 100
                #expect(try await postReadings(app, sensor: s.sensor, key: s.key, charged).status == .ok)
                told = try await sensor()
                #expect(told.batteryPercent == 100 && told.signalDbm == nil && !told.lowBattery)

                var impossible = reading(at: now.addingTimeInterval(1))
                impossible["battery"] = 120
                var loud = reading(at: now.addingTimeInterval(2))
                loud["signal"] = 5
                let refused = try await postReadings(app, sensor: s.sensor, key: s.key, ["readings": [impossible, loud]])
                let answer = try decode(SSModels.IngestAnswer.self, refused)
                #expect(answer.stored == 0 && answer.refused.map(\.code) == ["reading_battery", "reading_signal"])
                #expect(try await sensor().batteryPercent == 100)
            }
        }

        @Test("a dead sensor's open «датчик мовчить» closes when it is paused or retired, and is not raised again")
        func silenceClosedWithTheSensor() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let paused = try await enclosureWithSensor(app, by: director, name: "Вольєр 1")
                let retired = try await enclosureWithSensor(app, by: director, name: "Вольєр 2")
                clock.advance(by: 600)
                try await ShelterContext(app.services).alarms.checkSilence()
                func open() async throws -> [UUID] {
                    try await Alarm.query(on: app.db).filter(\.$kind == "silence").filter(\.$resolvedAt == nil).all().compactMap(\.sensorID)
                }
                #expect(Set(try await open()) == [paused.sensor, retired.sensor])

                let again = try await confirmedDirector(app)
                #expect(try await send(app, .PATCH, "/sensors/\(paused.sensor)", as: again, ["paused": true]).status == .ok)
                #expect(try await open() == [retired.sensor])
                #expect(try await send(app, .DELETE, "/sensors/\(retired.sensor)", as: again).status == .noContent)
                #expect(try await open().isEmpty)
                let closed = try await Alarm.query(on: app.db).filter(\.$kind == "silence").all()
                #expect(closed.allSatisfy { $0.resolvedBy == again.id && $0.resolvedAt == clock.now })

                clock.advance(by: 3600)
                try await ShelterContext(app.services).alarms.checkSilence()
                let stillOpen = try await open(), all = try await silenceAlarms(app)
                #expect(stillOpen.isEmpty && all == 2)
            }
        }
    }
}
