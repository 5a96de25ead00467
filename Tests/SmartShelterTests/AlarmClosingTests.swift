import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Issue 34, part 7: hot and cold apart, alarms that close themselves once the readings
    /// are back to normal for 15 minutes, the four-hour rule opened at the right reading and
    /// never for a spell already over, who acknowledged and resolved, and escalation.
    @Suite("Alarms that close themselves")
    struct AlarmClosingTests {
        static let start = Date(timeIntervalSince1970: 1_790_000_000)

        func alarms(_ app: Application) async throws -> [Alarm] {
            try await Alarm.query(on: app.db).sort(\.$openedAt).all()
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

        func post(_ app: Application, _ s: (director: Person, sensor: UUID, key: String, enclosure: UUID), _ readings: [[String: Any]]) async throws {
            let response = try await postReadings(app, sensor: s.sensor, key: s.key, ["readings": readings])
            #expect(response.status == .ok, "\(response.body.string)")
        }

        @Test("too hot and too cold are separate alarms: a cold reading never rewrites the hot one's 30 °C")
        func hotAndColdApart() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                // 27 °C at 45 %: too hot for this enclosure, no heat stress (THI 74).
                try await post(app, s, [reading(at: clock.now.addingTimeInterval(-120), temperature: 27, humidity: 45)])
                try await post(app, s, [reading(at: clock.now.addingTimeInterval(-60), temperature: 0, humidity: 45)])
                let all = try await alarms(app)
                let hot = try #require(all.first { $0.kind == "too_hot" }), cold = try #require(all.first { $0.kind == "too_cold" })
                #expect(hot.value == 27 && hot.repeats == 0 && cold.value == 0 && cold.repeats == 0)
                let listed = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: s.director)
                #expect(Set(listed.map(\.kind)) == ["too_hot", "too_cold"])
                let mail = try await MailOutboxRecord.query(on: app.db).all().map(\.subject)
                #expect(mail.contains { $0.contains("надто жарко") } && mail.contains { $0.contains("надто холодно") })
            }
        }

        @Test("an alarm closes itself once the readings have been back within the rules for 15 minutes, not a minute sooner")
        func closesItself() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let t0 = clock.now.addingTimeInterval(-3600)
                try await post(app, s, [reading(at: t0, temperature: 8, humidity: 45)])
                // Back to normal a minute later; fourteen minutes of normal readings are not enough.
                try await post(app, s, (1...14).map { reading(at: t0.addingTimeInterval(Double($0) * 60), temperature: 15, humidity: 45) })
                try await services(app).alarms.closeSettled()
                #expect(try await alarms(app).allSatisfy(\.isOpen))
                // A breach of another rule (humidity) does not keep the cold alarm open.
                try await post(app, s, [reading(at: t0.addingTimeInterval(15 * 60), temperature: 15, humidity: 80)])
                try await services(app).alarms.closeSettled()
                #expect(try await alarms(app).allSatisfy(\.isOpen))
                try await post(app, s, [reading(at: t0.addingTimeInterval(16 * 60), temperature: 15, humidity: 45)])
                try await services(app).alarms.closeSettled()
                let cold = try #require(try await alarms(app).first { $0.kind == "too_cold" })
                #expect(!cold.isOpen && cold.resolvedBy == nil && cold.resolvedAt == clock.now)
                #expect(cold.normalSince == t0.addingTimeInterval(60), "back to normal at the first reading inside the rules")
                #expect(try await alarms(app).first { $0.kind == "humidity" }?.isOpen == true, "humidity broke a minute ago")
                // Kept in its history: the list, the API and the audit trail.
                let listed = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: s.director)
                let dto = try #require(listed.first { $0.id == cold.id })
                #expect(dto.resolvedAt == clock.now && dto.resolvedBy == nil && dto.normalSince == t0.addingTimeInterval(60) && !dto.pastEpisode)
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(cold.id!)", as: s.director)
                #expect(trail.map(\.action) == ["alarm.resolve_itself"])
                // Closed: people can no longer take or resolve it; the next cold reading opens a new one.
                #expect(codeOf(try await send(app, .POST, "/alarms/\(cold.id!)/acknowledgement", as: s.director)) == "alarm_not_open")
                #expect(codeOf(try await send(app, .POST, "/alarms/\(cold.id!)/resolution", as: s.director)) == "alarm_not_open")
                try await post(app, s, [reading(at: t0.addingTimeInterval(17 * 60), temperature: 5, humidity: 45)])
                #expect(try await Alarm.query(on: app.db).filter(\.$kind == "too_cold").filter(\.$resolvedAt == nil).count() == 1)
                // Running the job again closes nothing twice.
                try await services(app).alarms.closeSettled()
                #expect(try await Alarm.query(on: app.db).filter(\.$kind == "too_cold").count() == 2)
            }
        }

        @Test("closing itself while a breach arrives over HTTP at the same moment: always exactly one open alarm, holding the breach")
        func closingRacesABreach() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                var breach = clock.now.addingTimeInterval(-6 * 3600)
                try await post(app, s, [reading(at: breach, temperature: 5, humidity: 45)])
                let rounds = 10
                try await TestHarness.withLiveServer(app) { base in
                    for _ in 0..<rounds {
                        // A quarter of an hour back to normal: the job would close it…
                        try await post(app, s, (1...16).map { reading(at: breach.addingTimeInterval(Double($0) * 60), temperature: 15, humidity: 45) })
                        // …as a cold reading arrives.
                        breach = breach.addingTimeInterval(17 * 60)
                        let body = json(["readings": [reading(at: breach, temperature: 5, humidity: 45)]])
                        async let closing: Void = services(app).alarms.closeSettled()
                        let response = try await app.client.post(URI(string: "\(base)\(api)/sensors/\(s.sensor)/readings"), headers: bearerHeaders(s.key)) {
                            $0.body = body
                        }
                        try await closing
                        #expect(response.status == .ok)
                        let open = try await Alarm.query(on: app.db).filter(\.$kind == "too_cold").filter(\.$resolvedAt == nil).all()
                        #expect(open.count == 1 && open.first?.lastSeenAt == breach, "open: \(open.map { ($0.openedAt, $0.lastSeenAt) })")
                    }
                }
                // Every alarm the job closed came back to normal first; none closed by anyone else.
                let closed = try await Alarm.query(on: app.db).filter(\.$kind == "too_cold").filter(\.$resolvedAt != nil).all()
                #expect(closed.count <= rounds && closed.allSatisfy { $0.normalSince != nil && $0.resolvedBy == nil })
            }
        }

        @Test("a breach within the quarter of an hour keeps it open, and a later one counted by another sensor too")
        func breachKeepsItOpen() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let second = try decode(SSModels.SensorKey.self, try await send(app, .POST, "/enclosures/\(s.enclosure)/sensors", as: s.director,
                                                                                ["name": "Другий", "intervalSeconds": 60]))
                let t0 = clock.now.addingTimeInterval(-3600)
                try await post(app, s, [reading(at: t0, temperature: 27, humidity: 45)])
                try await post(app, s, (1...20).map { reading(at: t0.addingTimeInterval(Double($0) * 60), temperature: 20, humidity: 45) })
                // The other sensor in the same enclosure still reads hot ten minutes in.
                let hot = try await postReadings(app, sensor: second.sensor.id, key: second.key,
                                                 reading(at: t0.addingTimeInterval(10 * 60), temperature: 27, humidity: 45))
                #expect(hot.status == .ok)
                try await services(app).alarms.closeSettled()
                #expect(try await alarms(app).first { $0.kind == "too_hot" }?.isOpen == true, "the enclosure was hot ten minutes ago")
                try await post(app, s, (21...26).map { reading(at: t0.addingTimeInterval(Double($0) * 60), temperature: 20, humidity: 45) })
                try await services(app).alarms.closeSettled()
                let alarm = try #require(try await alarms(app).first { $0.kind == "too_hot" })
                #expect(!alarm.isOpen && alarm.repeats == 1 && alarm.normalSince == t0.addingTimeInterval(11 * 60))
                #expect(try await alarms(app).count == 1)
            }
        }

        @Test("the four-hour rule opens at the reading that first completes four hours outside 7.2–29.5 °C, not the last one sent")
        func durationOpensAtTheCompletingReading() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                // Inside at −6 h, then cold every 30 minutes from −5 h to now, sent as one buffer:
                // the spell began at −5 h, and −30 min is the first reading more than four hours on.
                var buffer = [reading(at: now.addingTimeInterval(-6 * 3600), temperature: 12, humidity: 45)]
                buffer += (0...10).map { reading(at: now.addingTimeInterval(-5 * 3600 + Double($0) * 1800), temperature: 5, humidity: 45) }
                try await post(app, s, buffer)
                let duration = try #require(try await alarms(app).first { $0.kind == "duration_cold" })
                #expect(duration.openedAt == now.addingTimeInterval(-1800) && duration.lastSeenAt == now)
                #expect(duration.isOpen && !duration.pastEpisode && duration.repeats == 1 && duration.severity == "critical")
                #expect(try await alarms(app).allSatisfy { $0.kind != "duration_hot" }, "cold is not hot")
            }
        }

        @Test("a late cold buffer of a spell already over is recorded as a past episode: closed, nobody called")
        func lateBufferIsAPastEpisode() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                // The device was offline in the cold spell; back on, it sent a warm reading first.
                try await post(app, s, [reading(at: now.addingTimeInterval(-7 * 3600), temperature: 15, humidity: 45)])
                try await post(app, s, [reading(at: now.addingTimeInterval(-60), temperature: 15, humidity: 45)])
                let mailBefore = try await MailOutboxRecord.query(on: app.db).count()
                // Then its buffer: 6 °C from −6 h to −1 h, every half hour.
                try await post(app, s, (0...10).map { reading(at: now.addingTimeInterval(-6 * 3600 + Double($0) * 1800), temperature: 6, humidity: 45) })
                let episode = try #require(try await alarms(app).first { $0.kind == "duration_cold" })
                #expect(!episode.isOpen && episode.pastEpisode && episode.resolvedBy == nil)
                #expect(episode.openedAt == now.addingTimeInterval(-6 * 3600 + 4.5 * 3600), "the first reading more than four hours into it")
                #expect(episode.lastSeenAt == now.addingTimeInterval(-3600) && episode.normalSince == now.addingTimeInterval(-60))
                // Its too-cold alarm opened (the self-closing job closes it); the episode called nobody.
                let mail = try await MailOutboxRecord.query(on: app.db).all()
                #expect(mail.count - mailBefore == 1 && mail.allSatisfy { !$0.subject.contains("4 години") }, "\(mail.map(\.subject))")
                let listed = try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: s.director)
                #expect(listed.first { $0.id == episode.id }?.pastEpisode == true)
                // The same buffer again records nothing more.
                try await post(app, s, (0...10).map { reading(at: now.addingTimeInterval(-6 * 3600 + Double($0) * 1800 + 1), temperature: 6, humidity: 45) })
                #expect(try await Alarm.query(on: app.db).filter(\.$kind == "duration_cold").count() == 1)
            }
        }

        @Test("a buffer whose spell ends inside it is a past episode; a spell under four hours is nothing")
        func spellEndingInTheBuffer() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let now = clock.now
                var buffer = (0...9).map { reading(at: now.addingTimeInterval(-8 * 3600 + Double($0) * 1800), temperature: 31, humidity: 20) }
                buffer.append(reading(at: now.addingTimeInterval(-3 * 3600), temperature: 20, humidity: 45))
                // Three and a half hours hot afterwards: under four, nothing.
                buffer += (1...7).map { reading(at: now.addingTimeInterval(-3 * 3600 + Double($0) * 1800), temperature: 31, humidity: 20) }
                try await post(app, s, buffer)
                let durations = try await alarms(app).filter { $0.kind.hasPrefix("duration") }
                #expect(durations.count == 1)
                let episode = try #require(durations.first)
                #expect(episode.kind == "duration_hot" && episode.pastEpisode && !episode.isOpen)
                #expect(episode.openedAt == now.addingTimeInterval(-3.5 * 3600), "the first reading more than four hours after −8 h")
                #expect(episode.normalSince == now.addingTimeInterval(-3 * 3600))
            }
        }

        @Test("nobody takes it in 15 minutes: escalated from those on duty to every director and doctor")
        func escalation() async throws {
            let clock = ManualClock(Self.start)
            try await withShelter(clock: clock) { app in
                let s = try await setUp(app)
                let onDuty = try await staff(app, .doctor, name: "Черговий")
                let offDuty = try await staff(app, .doctor, name: "Вихідний")
                let storekeeper = try await staff(app, .storekeeper, name: "Комірник")
                #expect(try await send(app, .PATCH, "/me", as: onDuty, ["onDuty": true]).status == .ok)
                try await post(app, s, [reading(at: clock.now, temperature: 8, humidity: 45)])
                #expect(Set(try await MailOutboxRecord.query(on: app.db).all().map(\.recipient)) == [onDuty.login])
                clock.advance(by: 14 * 60)
                try await services(app).alarms.remind()
                #expect(try await alarms(app).first?.escalatedAt == nil)
                clock.advance(by: 60)
                try await services(app).alarms.remind()
                let alarm = try #require(try await alarms(app).first)
                #expect(alarm.escalatedAt == clock.now)
                let escalated = try await MailOutboxRecord.query(on: app.db).all().filter { $0.textBody.contains("всім директорам і лікарям") }
                #expect(Set(escalated.map(\.recipient)) == [s.director.login, onDuty.login, offDuty.login])
                #expect(!escalated.map(\.recipient).contains(storekeeper.login))
                let dto = try #require(try await read([SSModels.AlarmDTO].self, app, .GET, "/alarms", as: offDuty).first)
                #expect(dto.escalatedAt == clock.now)
                // Taken by the doctor off duty: no more reminders, and the card says who and when.
                let taken = try await read(SSModels.AlarmDTO.self, app, .POST, "/alarms/\(alarm.id!)/acknowledgement", as: offDuty)
                #expect(taken.acknowledgedBy == offDuty.id && taken.acknowledgedByName == "Вихідний" && taken.acknowledgedAt == clock.now)
                clock.advance(by: 30 * 60)
                let count = try await MailOutboxRecord.query(on: app.db).count()
                try await services(app).alarms.remind()
                #expect(try await MailOutboxRecord.query(on: app.db).count() == count)
                let resolved = try await read(SSModels.AlarmDTO.self, app, .POST, "/alarms/\(alarm.id!)/resolution", as: onDuty)
                #expect(resolved.resolvedByName == "Черговий" && resolved.resolvedAt == clock.now && resolved.normalSince == nil)
            }
        }

        @Test("an old alarm of the shared kinds takes the side of its value when migrated")
        func migratedKinds() async throws {
            try await withShelter { app in
                let s = try await setUp(app)
                let sql = app.db.sql
                let now = Date()
                for (kind, value) in [("temperature", 30.0), ("temperature", 2.0), ("duration", 31.0), ("duration", 3.0)] {
                    try await sql.raw("""
                        INSERT INTO ss_alarms (id, enclosure_id, kind, severity, value, opened_at, last_seen_at, repeats, resolved_at, notified_at)
                        VALUES (\(bind: UUID()), \(bind: s.enclosure), \(bind: kind), 'warning', \(bind: value), \(bind: now), \(bind: now), 0, \(bind: now), \(bind: now))
                        """).run()
                }
                try await SplitHotAndCold().prepare(on: app.db)
                let kinds = try await alarms(app).map { "\($0.kind) \(Int($0.value ?? 0))" }
                #expect(Set(kinds) == ["too_hot 30", "too_cold 2", "duration_hot 31", "duration_cold 3"])
            }
        }

        @Test("the card says who took it and who resolved it and when, that it closed by itself and when it came back to normal, escalation and past episodes")
        func cards() throws {
            typealias V = ShelterTests.ViewTests
            let c = V.context(.uk), l = c.localizer
            let doctor = V.person(.doctor)
            func card(_ change: (Alarm) -> Void, acknowledgedBy: String? = nil, resolvedBy: String? = nil) -> String {
                let alarm = V.openAlarm().alarm
                change(alarm)
                return AlarmCard(summary: AlarmSummary(alarm: alarm, enclosureName: "Карантин", acknowledgedByName: acknowledgedBy, resolvedByName: resolvedBy),
                                 person: doctor, c: c).html.rendered
            }
            let now = V.now
            let taken = card({ $0.acknowledgedBy = UUID(); $0.acknowledgedAt = now; $0.escalatedAt = now.addingTimeInterval(-60) }, acknowledgedBy: "Ірина Коваль")
            #expect(taken.contains("<strong>Хтось уже займається</strong>"))
            #expect(taken.contains("<li>Хто взявся: Ірина Коваль, \(l.dateTime(now)).</li>"))
            #expect(taken.contains("<li>За 15 хвилин ніхто не взявся: \(l.dateTime(now.addingTimeInterval(-60))) повідомлено всіх директорів і лікарів.</li>"))
            #expect(!taken.contains("Беруся") && taken.contains("/resolution"))
            let resolved = card({ $0.acknowledgedBy = UUID(); $0.acknowledgedAt = now; $0.resolvedBy = UUID(); $0.resolvedAt = now }, resolvedBy: "Олег")
            #expect(resolved.contains("alarm-resolved") && resolved.contains("<li>Хто закрив: Олег, \(l.dateTime(now)).</li>") && !resolved.contains("<form"))
            let normal = now.addingTimeInterval(-900)
            let itself = card({ $0.resolvedAt = now; $0.normalSince = normal })
            #expect(itself.contains("<strong>Закрилося само</strong>"))
            #expect(itself.contains("<li>Повернулося в норму о \(l.time(normal)) і трималося 15 хвилин — закрилося само \(l.dateTime(now)).</li>"))
            let past = card({ $0.resolvedAt = now; $0.normalSince = normal; $0.pastEpisode = true; $0.kind = Alarm.Kind.durationCold.rawValue; $0.value = 5 })
            #expect(past.contains("<strong>Уже минуло</strong>") && past.contains("понад 4 години холоду, нижче 7,2 °C"))
            #expect(past.contains("Показники надійшли від датчика пізніше, коли все вже минуло: повернулося в норму \(l.dateTime(normal))."))
            let english = AlarmCard(summary: AlarmSummary(alarm: { let a = V.openAlarm().alarm; a.resolvedAt = now; a.normalSince = normal; return a }(),
                                                          enclosureName: "Карантин"), person: doctor, c: V.context(.en)).html.rendered
            #expect(english.contains("<strong>Closed by itself</strong>") && english.contains("Back to normal at "))
        }
    }
}
