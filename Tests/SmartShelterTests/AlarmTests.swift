import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Every alarm rule (with the injected clock where time matters), one open alarm per
    /// enclosure and kind, acknowledging and resolving, mail and reminders, the live stream.
    @Suite("Alarms")
    struct AlarmTests {
        func alarms(_ app: Application) async throws -> [Alarm] {
            try await Alarm.query(on: app.db).all()
        }

        func services(_ app: Application) -> ShelterContext { ShelterContext(app.services) }

        /// An enclosure of 10–25 °C, humidity 30–60 %, water at least 20 %.
        func setUp(_ app: Application) async throws -> (director: Person, sensor: UUID, key: String, enclosure: UUID) {
            let director = try await confirmedDirector(app)
            let setup = try await enclosureWithSensor(app, by: director)
            let conditions: [String: Any] = ["minTemperature": 10, "maxTemperature": 25, "minHumidity": 30, "maxHumidity": 60, "minWater": 20]
            #expect(try await send(app, .PUT, "/enclosures/\(setup.enclosure)/conditions", as: director, conditions).status == .ok)
            return (director, setup.sensor, setup.key, setup.enclosure)
        }

        @Test("each reading rule raises its alarm, and a repeat updates it instead of adding one")
        func readingRules() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                let fine = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: now.addingTimeInterval(-600), temperature: 20, humidity: 45, water: 80))
                #expect(fine.status == .ok)
                #expect(try await alarms(app).isEmpty)
                // Cold and dry: temperature and humidity.
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: now.addingTimeInterval(-500), temperature: 8, humidity: 25, water: 80))
                #expect(Set(try await alarms(app).map(\.kind)) == ["too_cold", "humidity"])
                // Hot, humid and thirsty: heat stress (critical at 30 °C/70 %, THI 81) and water.
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: now.addingTimeInterval(-400), temperature: 30, humidity: 70, water: 5))
                let all = try await alarms(app)
                #expect(Set(all.map(\.kind)) == ["too_cold", "too_hot", "humidity", "heat_stress", "water"])
                #expect(all.count == 5, "one alarm per kind, repeats update it")
                // Hot and cold apart: the hot reading opens its own alarm, the cold one keeps its 8 °C.
                let cold = try #require(all.first { $0.kind == "too_cold" })
                #expect(cold.repeats == 0 && cold.value == 8)
                let humidity = try #require(all.first { $0.kind == "humidity" })
                #expect(humidity.repeats == 1 && humidity.value == 70)
                let temperature = try #require(all.first { $0.kind == "too_hot" })
                #expect(temperature.repeats == 0 && temperature.value == 30)
                #expect(all.first { $0.kind == "heat_stress" }?.severity == "critical")
                // The same reading resent raises nothing more.
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: now.addingTimeInterval(-400), temperature: 30, humidity: 70, water: 5))
                #expect(try await Alarm.find(humidity.id, on: app.db)?.repeats == 1)

                // Resolved, then broken again: a new alarm.
                let resolved = try await read(SSModels.AlarmDTO.self, app, .POST, "/alarms/\(temperature.id!)/resolution", as: s.director)
                #expect(resolved.resolvedBy == s.director.id)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: now.addingTimeInterval(-300), temperature: 27, humidity: 50, water: 50))
                let temperatures = try await Alarm.query(on: app.db).filter(\.$kind == "too_hot").all()
                #expect(temperatures.count == 2 && temperatures.filter(\.isOpen).count == 1)
            }
        }

        @Test("a buffer sent late opens its alarm at its first breach, counts each, and shows the latest")
        func buffered() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                let buffer = [reading(at: now.addingTimeInterval(-3600), temperature: 9, humidity: 45),
                              reading(at: now.addingTimeInterval(-1800), temperature: 20, humidity: 45),
                              reading(at: now.addingTimeInterval(-600), temperature: 6, humidity: 45),
                              reading(at: now.addingTimeInterval(-1200), temperature: 7, humidity: 45)]
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, ["readings": buffer])
                let alarm = try #require(try await alarms(app).first)
                #expect(alarm.openedAt == now.addingTimeInterval(-3600) && alarm.lastSeenAt == now.addingTimeInterval(-600))
                #expect(alarm.value == 6 && alarm.repeats == 2)
            }
        }

        @Test("a sensor silent for more than twice its interval raises one silence alarm")
        func silence() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 20, humidity: 45))
                clock.advance(by: 119)
                try await services(app).alarms.checkSilence()
                #expect(try await alarms(app).isEmpty, "60 s interval: 119 s is not yet silence")
                clock.advance(by: 2)
                try await services(app).alarms.checkSilence()
                clock.advance(by: 60)
                try await services(app).alarms.checkSilence()
                let silent = try await alarms(app)
                #expect(silent.map(\.kind) == ["silence"] && silent.first?.sensorID == s.sensor && silent.first?.repeats == 1)
                #expect(silent.first?.value == 181)
            }
        }

        @Test("outside 7.2–29.5 °C for more than four hours in a row raises the duration alarm; a cooler reading in between does not")
        func duration() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                // Every 30 minutes for 4 h at 31 °C, with a 28 °C reading 3 h ago: the spell is 3 h.
                var readings = (0...8).map { reading(at: now.addingTimeInterval(-Double($0) * 1800), temperature: 31, humidity: 30) }
                readings[6] = reading(at: now.addingTimeInterval(-3 * 3600), temperature: 28, humidity: 30)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, ["readings": readings])
                #expect(!(try await alarms(app).map(\.kind).contains("duration_hot")))
                // Half an hour on, still hot: the spell since the first hot reading after it is 3 h.
                clock.advance(by: 1800)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 31, humidity: 30))
                #expect(!(try await alarms(app).map(\.kind).contains("duration_hot")))
                // Another hour: 4 h since the first hot reading after 28 °C, not more than 4.
                clock.advance(by: 3600)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 31, humidity: 30))
                #expect(!(try await alarms(app).map(\.kind).contains("duration_hot")))
                // Half an hour more: 4.5 h.
                clock.advance(by: 1800)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 31, humidity: 30))
                let duration = try #require(try await alarms(app).first { $0.kind == "duration_hot" })
                #expect(duration.severity == "critical" && duration.value == 31)
            }
        }

        @Test("alarms go to the directors and doctors on duty; when nobody is on duty, to all of them")
        func onDuty() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let onDuty = try await staff(app, .doctor, name: "Черговий")
                let offDuty = try await staff(app, .doctor, name: "Вихідний")
                let profile = try await send(app, .PATCH, "/me", as: onDuty, ["onDuty": true])
                #expect(profile.status == .ok && (try? decode(SSModels.Profile.self, profile))?.onDuty == true, "\(profile.body.string)")
                // A minute apart: readings are sent to the second, and a second one at the same
                // second would be the same reading again (a duplicate, which raises nothing).
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: Date().addingTimeInterval(-60), temperature: 8, humidity: 45))
                #expect(Set(try await MailOutboxRecord.query(on: app.db).all().map(\.recipient)) == [onDuty.login])
                #expect(!(try await MailOutboxRecord.query(on: app.db).all().map(\.recipient).contains(offDuty.login)))
                #expect(try await send(app, .PATCH, "/me", as: onDuty, ["onDuty": false]).status == .ok)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: Date(), temperature: 8, humidity: 95))
                let humidity = try await MailOutboxRecord.query(on: app.db).all().filter { $0.subject.contains("вологість") }.map(\.recipient)
                #expect(Set(humidity) == [s.director.login, onDuty.login, offDuty.login], "nobody on duty: everyone is told")
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?actor=\(onDuty.id.uuidString.lowercased())", as: s.director)
                #expect(trail.filter { $0.action == "staff.duty" }.count == 2)
            }
        }

        @Test("acknowledge once, resolve once; the director within the password window; pending people not at all")
        func acknowledgeAndResolve() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let doctor = try await staff(app, .doctor)
                let pending = try await staff(app, .pending)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 8, humidity: 45))
                let alarm = try #require(try await alarms(app).first)
                #expect(try await send(app, .POST, "/alarms/\(alarm.id!)/acknowledgement", as: pending).status == .forbidden)
                let acknowledged = try await read(SSModels.AlarmDTO.self, app, .POST, "/alarms/\(alarm.id!)/acknowledgement", as: doctor)
                #expect(acknowledged.acknowledgedBy == doctor.id && acknowledged.acknowledgedAt == clock.now)
                #expect(try await send(app, .POST, "/alarms/\(alarm.id!)/acknowledgement", as: doctor).status == .conflict)
                clock.advance(by: 301)
                let unconfirmed = try await send(app, .POST, "/alarms/\(alarm.id!)/resolution", as: s.director)
                #expect(codeOf(unconfirmed) == "password_confirmation_required")
                #expect(try await send(app, .POST, "/alarms/\(alarm.id!)/resolution", as: doctor).status == .ok)
                #expect(try await send(app, .POST, "/alarms/\(alarm.id!)/resolution", as: doctor).status == .conflict)
                #expect(try await send(app, .POST, "/alarms/\(UUID())/resolution", as: doctor).status == .notFound)
                let listed = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: doctor)
                #expect(listed.map(\.id) == [alarm.id!] && listed.first?.resolvedBy == doctor.id)
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(alarm.id!)", as: s.director)
                #expect(Set(trail.map(\.action)) == ["alarm.acknowledge", "alarm.resolve"])
            }
        }

        @Test("an alarm is mailed to the directors and doctors, and reminded every 15 minutes until acknowledged")
        func mailAndReminders() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                _ = try await postReadings(app, sensor: s.sensor, key: s.key, reading(at: clock.now, temperature: 8, humidity: 45))
                let mail = try await MailOutboxRecord.query(on: app.db).all()
                #expect(Set(mail.map(\.recipient)) == [s.director.login, doctor.login])
                #expect(!mail.map(\.recipient).contains(storekeeper.login))
                #expect(mail.allSatisfy { $0.subject.contains("Вольєр 1") && $0.textBody.contains("8 °C") })
                clock.advance(by: 14 * 60)
                try await services(app).alarms.remind()
                #expect(try await MailOutboxRecord.query(on: app.db).count() == 2)
                clock.advance(by: 2 * 60)
                try await services(app).alarms.remind()
                let reminded = try await MailOutboxRecord.query(on: app.db).all()
                #expect(reminded.count == 4 && reminded.filter { $0.textBody.contains("надіслано всім директорам і лікарям") }.count == 2)
                let alarm = try #require(try await alarms(app).first)
                _ = try await send(app, .POST, "/alarms/\(alarm.id!)/acknowledgement", as: doctor)
                clock.advance(by: 60 * 60)
                try await services(app).alarms.remind()
                #expect(try await MailOutboxRecord.query(on: app.db).count() == 4, "acknowledged: no more reminders")
            }
        }

        @Test("a reading that breaks a rule reaches an open event stream; many at once open one alarm")
        func liveAndRaced() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let doctor = try await staff(app, .doctor)
                let now = Date()
                try await TestHarness.withLiveServer(app) { base in
                    let stream = try await EventStreamReader.open("\(base)\(api)/events", headers: doctor.auth)
                    defer { stream.close() }
                    #expect(stream.status == .ok)
                    let headers = bearerHeaders(s.key)
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for index in 0..<12 {
                            let body = json(reading(at: now.addingTimeInterval(-Double(index)), temperature: 5, humidity: 45))
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)\(api)/sensors/\(s.sensor)/readings"), headers: headers) { $0.body = body }.status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
                    let event = try #require(try await stream.next())
                    #expect(event.name == "alarm" && event.data.contains("\"too_cold\"") && event.data.lowercased().contains(s.enclosure.uuidString.lowercased()))
                }
                let open = try await alarms(app)
                #expect(open.count == 1 && open.first?.repeats == 11)
                #expect(try await send(app, .GET, "/events", as: try await staff(app, .pending)).status == .forbidden)
            }
        }
    }
}
