import Fluent
import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

/// Readings are stored by one statement shared by the devices sending at the same moment on
/// PostgreSQL (`StoreReadingsStatement`), which leaves whatever may raise an alarm to the
/// portable path: these hold the two to the same outcome on both databases. (Every other
/// sensor, alarm and roll-up test sends its readings through it too.)
extension ShelterTests {
    @Suite("Readings in one round trip")
    struct ReadingStoreTests {
        @Test("the listed statements prepare against the migrated tables")
        func statementsPrepare() async throws {
            try await withShelter { app in
                try await StatementCheck.expectAllPrepare(SmartShelter(), on: app.db)
            }
        }

        @Test("on PostgreSQL readings are not checked against their sensor by a foreign key (its writers lock the sensor); on SQLite they are")
        func readingsSensorKey() async throws {
            try await withShelter { app in
                let sql = app.db.sql
                if ReadingPartitions.isPostgres(sql) {
                    let keys = try await sql.raw("""
                        SELECT count(*) AS n FROM pg_constraint WHERE conrelid = 'ss_readings'::regclass AND contype = 'f'
                        """).first()!.decode(column: "n", as: Int.self)
                    #expect(keys == 0)
                } else {
                    let keys = try await sql.raw("SELECT \"table\" FROM pragma_foreign_key_list('ss_readings')").all(decodingColumn: "table", as: String.self)
                    #expect(keys == ["ss_sensors"])
                }
            }
        }

        @Test("each reading on and around the edges of an enclosure's conditions raises exactly the alarms the rules give it")
        func conditionsAlike() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                try await app.db.sql.raw("""
                    UPDATE ss_enclosures SET min_temperature = 10, max_temperature = 25, min_humidity = 40, max_humidity = 60, min_water = 30
                    WHERE id = \(bind: setup.enclosure)
                    """).run()
                let conditions = EnclosureConditions(minTemperature: 10, maxTemperature: 25, minHumidity: 40, maxHumidity: 60, minWater: 30)
                let start = Rollup.Period.hour.start(of: Date()).addingTimeInterval(-3 * 3600)
                var readings: [Reading] = []
                for temperature in [9.99, 10, 17, 25, 25.01] {
                    for humidity in [39.9, 40, 60, 60.1] {
                        for water in [nil, 29.9, 30] as [Double?] {
                            let at = start.addingTimeInterval(Double(readings.count) * 60)
                            readings.append(Reading(at: at, temperature: temperature, humidity: humidity, waterLevel: water))
                        }
                    }
                }
                // Only the enclosure's rules are in question here.
                #expect(!readings.contains(where: AlarmTrigger.mayRaiseAnywhere))
                for reading in readings {
                    let response = try await postReadings(app, sensor: setup.sensor, key: setup.key,
                                                          SmartShelterTests.reading(at: reading.at, temperature: reading.temperature,
                                                                                    humidity: reading.humidity, water: reading.waterLevel))
                    #expect(response.status == .ok, "\(reading): \(response.body.string)")
                }
                #expect(try await storedReadings(app, setup.sensor) == readings.count)
                let alarms = try await Alarm.query(on: app.db).filter(\.$enclosureID == setup.enclosure).all()
                for kind in [Alarm.Kind.tooHot, .tooCold, .humidity, .water] {
                    let expected = readings.filter { AlarmTrigger.of($0, in: conditions).contains { $0.kind == kind } }.count
                    let counted = alarms.filter { $0.kind == kind.rawValue }.map { $0.repeats + 1 }.reduce(0, +)
                    #expect(expected > 0 && counted == expected, "\(kind): \(counted) breaches counted, \(expected) by the rules")
                }
                let rolled = try await app.db.sql.raw("SELECT SUM(n) AS n FROM ss_rollups WHERE sensor_id = \(bind: setup.sensor) AND period = 'day'")
                    .first()!.decode(column: "n", as: Int.self)
                #expect(rolled == readings.count)
            }
        }

        @Test("many sensors sending at once, each reading twice, some raising alarms: each stored once, its roll-ups and newest time exact")
        func manySensorsAtOnce() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                var sensors: [(enclosure: UUID, sensor: UUID, key: String)] = []
                for number in 1...6 { sensors.append(try await enclosureWithSensor(app, by: director, name: "Вольєр \(number)")) }
                let start = Rollup.Period.hour.start(of: Date()).addingTimeInterval(-2 * 3600)
                let times = (0..<8).map { start.addingTimeInterval(Double($0) * 17 * 60) } // across two hours
                // Every third reading is too cold: it goes the portable way and raises an alarm,
                // racing the statement for the same sensor's rows.
                let temperatures = times.indices.map { $0 % 3 == 2 ? 5 : 15 + Double($0) }
                var requests: [(sensor: UUID, key: String, body: ByteBuffer)] = []
                for setup in sensors {
                    for (index, at) in times.enumerated() {
                        let body = json(SmartShelterTests.reading(at: at, temperature: temperatures[index], humidity: 45, water: index % 2 == 0 ? nil : 60))
                        requests += [(setup.sensor, setup.key, body), (setup.sensor, setup.key, body)]
                    }
                }
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (HTTPStatus, ByteBuffer?).self) { group in
                        for request in requests.shuffled() {
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)\(api)/sensors/\(request.sensor)/readings"),
                                                                         headers: bearerHeaders(request.key)) { $0.body = request.body }
                                return (response.status, response.body)
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(answers.allSatisfy { $0.0 == .ok }, "\(answers.map(\.0))")
                let results = try answers.map { try decode(SSModels.IngestAnswer.self, status: $0.0, body: $0.1) }
                #expect(results.map(\.stored).reduce(0, +) == sensors.count * times.count)
                #expect(results.map(\.duplicates).reduce(0, +) == sensors.count * times.count)
                for setup in sensors {
                    #expect(try await storedReadings(app, setup.sensor) == times.count)
                    let hours = try await app.db.sql.raw("""
                        SELECT SUM(n) AS n, SUM(t_sum) AS t_sum, MIN(water_min) AS w, COUNT(*) AS spans
                        FROM ss_rollups WHERE sensor_id = \(bind: setup.sensor) AND period = 'hour'
                        """).first()!
                    #expect(try hours.decode(column: "n", as: Int.self) == times.count)
                    #expect(try hours.decode(column: "t_sum", as: Double.self) == temperatures.reduce(0, +))
                    #expect(try hours.decode(column: "w", as: Double.self) == 60)
                    #expect(try hours.decode(column: "spans", as: Int.self) == 2)
                    let sensor = try #require(try await Sensor.find(setup.sensor, on: app.db))
                    #expect(sensor.lastReadingAt == times.last)
                    let alarm = try #require(try await Alarm.query(on: app.db).filter(\.$enclosureID == setup.enclosure).filter(\.$kind == "too_cold").first())
                    #expect(alarm.repeats + 1 == temperatures.filter { $0 < 7.2 }.count)
                }
            }
        }

        @Test("a chart's refusals come in the same order on both paths: 401, then 400, then 403 and 404")
        func chartRefusals() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let path = "/enclosures/\(setup.enclosure)/chart"
                let stranger = Person(id: UUID(), login: "", token: "not-a-token")
                for query in ["?range=week", "?range=year"] {
                    #expect(try await send(app, .GET, path + query, as: stranger).status == .unauthorized)
                    #expect(try await send(app, .GET, "/enclosures/not-an-id/chart" + query, as: stranger).status == .unauthorized)
                }
                #expect(try await send(app, .GET, path + "?range=year", as: director).status == .badRequest)
                let pending = try await send(app, .GET, path + "?range=week", as: try await staff(app, .pending))
                #expect(pending.status == .forbidden && codeOf(pending) == "role_pending")
                #expect(try await send(app, .GET, "/enclosures/\(UUID())/chart?range=week", as: director).status == .notFound)
                #expect(try await send(app, .GET, "/enclosures/not-an-id/chart?range=week", as: director).status == .notFound)
                for role in [ShelterRole.doctor, .storekeeper] {
                    let chart = try await read(SSModels.ChartDTO.self, app, .GET, path + "?range=week", as: try await staff(app, role, name: role.rawValue))
                    #expect(chart.range == "week" && chart.points.isEmpty)
                }
            }
        }

        @Test("a device's answer and a chart written by hand are what JSONEncoder makes of them")
        func answersWrittenByHand() throws {
            let answers = [
                SSModels.IngestAnswer(stored: 1, duplicates: 0, refused: []),
                SSModels.IngestAnswer(stored: 98, duplicates: 1, refused: [.init(index: 7, code: "reading_future", message: "«Час» \"у\"\n майбутньому")]),
            ]
            for answer in answers {
                let (written, encoded) = try bothWays(answer)
                #expect(written == encoded)
            }
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let spans = [
                Rollup(start: start, count: 3, minTemperature: -2.5, maxTemperature: 21, sumTemperature: 30.1, minHumidity: 40, maxHumidity: 61.5,
                       sumHumidity: 150.25, maxHeatStress: 70.123, minWater: nil, minFood: 12.5),
                Rollup(start: start.addingTimeInterval(21_600), count: 1, minTemperature: 18, maxTemperature: 18, sumTemperature: 18, minHumidity: 50,
                       maxHumidity: 50, sumHumidity: 50, maxHeatStress: 64, minWater: 0, minFood: nil),
            ]
            for chart in [EnclosureChart(range: .week, start: start, spans: spans), EnclosureChart(range: .day, start: start, spans: [])] {
                let (written, encoded) = try bothWays(SSModels.ChartDTO(chart))
                #expect(written == encoded)
            }
        }

        func bothWays(_ value: some JSONWritable & Encodable) throws -> (written: NSDictionary, encoded: NSDictionary) {
            var json = JSONWriter()
            value.write(to: &json)
            let written = try JSONSerialization.jsonObject(with: Data(json.buffer.readableBytesView)) as! NSDictionary
            var body = ByteBuffer()
            var headers = HTTPHeaders()
            try ContentConfiguration.global.requireEncoder(for: .json).encode(value, to: &body, headers: &headers)
            return (written, try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as! NSDictionary)
        }
    }
}
