import Fluent
import Foundation
import HromadaTesting
import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Hourly and daily roll-ups kept with the readings, equal to what the raw readings
    /// say, and the charts drawn from them.
    @Suite("Roll-ups and charts")
    struct RollupTests {
        @Test("roll-ups equal the raw readings' aggregates; repeats are not counted twice; the day's chart reads them")
        func rollupsMatchRaw() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = clock.now
                // Three hours, one reading every 10 minutes, water missing from some.
                let readings: [[String: Any]] = (0..<18).map { (i: Int) -> [String: Any] in
                    let water: Double? = i % 3 == 0 ? nil : 50 + Double(i)
                    return reading(at: now.addingTimeInterval(-Double(i) * 600), temperature: 15 + Double(i % 7), humidity: 40 + Double(i % 5),
                                   water: water)
                }
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": Array(readings[0..<10])])
                // The rest, with two repeats of what came already.
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": Array(readings[8...])])
                let raw = try await app.db.sql.raw("""
                    SELECT COUNT(*) AS n, MIN(temperature) AS t_min, MAX(temperature) AS t_max, SUM(temperature) AS t_sum,
                           MIN(humidity) AS h_min, MAX(humidity) AS h_max, SUM(humidity) AS h_sum, MIN(water_level) AS w
                    FROM ss_readings WHERE sensor_id = \(bind: setup.sensor)
                    """).first()!
                let hours = try await app.db.sql.raw("""
                    SELECT SUM(n) AS n, MIN(t_min) AS t_min, MAX(t_max) AS t_max, SUM(t_sum) AS t_sum, MIN(h_min) AS h_min, MAX(h_max) AS h_max,
                           SUM(h_sum) AS h_sum, MIN(water_min) AS w, COUNT(*) AS spans
                    FROM ss_rollups WHERE sensor_id = \(bind: setup.sensor) AND period = 'hour'
                    """).first()!
                let days = try await app.db.sql.raw("SELECT SUM(n) AS n, SUM(t_sum) AS t_sum FROM ss_rollups WHERE sensor_id = \(bind: setup.sensor) AND period = 'day'").first()!
                #expect(try raw.decode(column: "n", as: Int.self) == 18)
                #expect(try hours.decode(column: "n", as: Int.self) == 18 && days.decode(column: "n", as: Int.self) == 18)
                for column in ["t_min", "t_max", "t_sum", "h_min", "h_max", "h_sum", "w"] {
                    #expect(abs(try raw.decode(column: column, as: Double.self) - hours.decode(column: column, as: Double.self)) < 1e-9, "\(column)")
                }
                #expect(abs(try raw.decode(column: "t_sum", as: Double.self) - days.decode(column: "t_sum", as: Double.self)) < 1e-9)

                let chart = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart?range=day", as: director)
                #expect(chart.range == "day" && chart.pointSeconds == 3600)
                #expect(chart.points.map(\.readings).reduce(0, +) == 18)
                #expect(chart.points.map(\.start) == chart.points.map(\.start).sorted())
                let week = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart?range=week", as: director)
                #expect(week.pointSeconds == 6 * 3600 && week.points.map(\.readings).reduce(0, +) == 18 && week.points.count <= 2)
                let month = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart?range=month", as: director)
                #expect(month.points.map(\.readings).reduce(0, +) == 18)
                #expect(try await send(app, .GET, "/enclosures/\(setup.enclosure)/chart?range=year", as: director).status == .badRequest)
                #expect(try await send(app, .GET, "/enclosures/\(setup.enclosure)/chart", as: try await staff(app, .pending)).status == .forbidden)
            }
        }

        @Test("a week's points are six hours each from the range's start, summed as the hours in them are")
        func weekPoints() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let end = Rollup.Period.hour.start(of: clock.now).addingTimeInterval(3600)
                let start = end.addingTimeInterval(-ChartRange.week.span)
                // Hours 1 and 5 fall in the first point, 6 in the second, 167 in the last.
                let sent: [(hour: Double, temperature: Double, humidity: Double)] = [(1, 10, 40), (5, 20, 60), (6, 12, 50), (167, 14, 45)]
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": sent.map {
                    reading(at: start.addingTimeInterval($0.hour * 3600 + 60), temperature: $0.temperature, humidity: $0.humidity)
                }])
                let week = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart?range=week", as: director)
                #expect(week.start == start && week.pointSeconds == 6 * 3600)
                #expect(week.points.map(\.start) == [start, start.addingTimeInterval(6 * 3600), start.addingTimeInterval(27 * 6 * 3600)])
                #expect(week.points.map(\.readings) == [2, 1, 1])
                let first = try #require(week.points.first)
                #expect(first.temperature.min == 10 && first.temperature.max == 20 && first.temperature.mean == 15)
                #expect(first.humidity.min == 40 && first.humidity.max == 60 && first.humidity.mean == 50 && first.waterMin == 80)
                #expect(week.points[1].temperature.mean == 12 && week.points[2].humidity.mean == 45)
            }
        }

        @Test("an enclosure's sensors are charted together")
        func sensorsTogether() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let second = try await read(SSModels.SensorKey.self, app, .POST, "/enclosures/\(setup.enclosure)/sensors", as: director, ["name": "Другий"])
                let at = Rollup.Period.hour.start(of: clock.now).addingTimeInterval(60)
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: at, temperature: 10, humidity: 40))
                _ = try await postReadings(app, sensor: second.sensor.id, key: second.key, reading(at: at, temperature: 20, humidity: 60))
                let chart = try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart", as: director)
                let point = try #require(chart.points.last)
                #expect(point.readings == 2 && point.temperature.min == 10 && point.temperature.max == 20 && point.temperature.mean == 15)
                #expect(point.humidity.mean == 50)
            }
        }

        @Test("a chart's finished points are read again when a reading comes late into them, stored either way; on PostgreSQL only then")
        func lateReadingsRedrawTheChart() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000)) // 13 minutes into an hour
            try await withShelter(clock: clock) { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let end = Rollup.Period.hour.start(of: clock.now).addingTimeInterval(3600)
                let early = end.addingTimeInterval(-ChartRange.week.span + 10 * 3600) // in the week's second point
                func send(_ at: Date, _ temperature: Double) async throws {
                    let response = try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: at, temperature: temperature))
                    #expect(response.status == .ok, "\(response.body.string)")
                }
                func readings() async throws -> [Int] {
                    try await read(SSModels.ChartDTO.self, app, .GET, "/enclosures/\(setup.enclosure)/chart?range=week", as: director).points.map(\.readings)
                }
                func revision() async throws -> Int {
                    try await app.db.sql.raw("SELECT chart_revision FROM ss_sensors WHERE id = \(bind: setup.sensor)").first()!
                        .decode(column: "chart_revision", as: Int.self)
                }
                try await send(early, 15)
                #expect(try await revision() == 1)
                #expect(try await readings() == [1])
                // On time, into the last point: the revision stays.
                try await send(clock.now.addingTimeInterval(-60), 20)
                #expect(try await revision() == 1)
                #expect(try await readings() == [1, 1])
                // Late and within the conditions: the statement's way on PostgreSQL.
                try await send(early.addingTimeInterval(60), 24)
                #expect(try await revision() == 2)
                #expect(try await readings() == [2, 1])
                // Late and too cold: the portable way, which raises the alarm.
                try await send(early.addingTimeInterval(120), 5)
                #expect(try await revision() == 3)
                #expect(try await readings() == [3, 1])
                // A roll-up changed behind the writers' backs shows where the points come from:
                // PostgreSQL's bearer charts keep the finished ones until the window moves on.
                try await app.db.sql.raw("""
                    UPDATE ss_rollups SET n = n + 10 WHERE sensor_id = \(bind: setup.sensor) AND period = 'hour'
                      AND start = \(bind: Rollup.Period.hour.start(of: early))
                    """).run()
                #expect(try await readings() == (ReadingPartitions.isPostgres(app.db.sql) ? [3, 1] : [13, 1]))
                clock.advance(by: 3600)
                #expect(try await readings() == [13, 1])
            }
        }

        @Test("the chart page draws the day with a table beside, in the person's unit")
        func chartPage() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": (0..<6).map {
                    reading(at: Date().addingTimeInterval(-Double($0) * 1800), temperature: 20 + Double($0), humidity: 50)
                }])
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
                let page = try await browser.get("/shelter/enclosures/\(setup.enclosure)/chart?range=day")
                #expect(page.status == .ok)
                let html = page.body.string
                #expect(html.contains("<svg class=\"chart\"") && html.contains("<polyline class=\"line mean\"") && html.contains("<table"))
                #expect(html.contains("°C") && html.contains("aria-current=\"page\""))
            }
        }
    }
}

extension ShelterTests.RollupTests {
    @Test("past the retention raw readings go (a whole month's partition on PostgreSQL) and the roll-ups stay")
    func retention() async throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
        try await withShelter(clock: clock) { app in
            let director = try await confirmedDirector(app)
            let setup = try await enclosureWithSensor(app, by: director)
            _ = try await postReadings(app, sensor: setup.sensor, key: setup.key, ["readings": (0..<5).map {
                reading(at: clock.now.addingTimeInterval(-Double($0) * 600), temperature: 20, humidity: 50)
            }])
            let services: ServiceContext = app.services
            try await SmartShelter().housekeeping(services)
            #expect(try await storedReadings(app, setup.sensor) == 5, "within the retention")
            clock.advance(by: 45 * 86_400)
            try await SmartShelter().housekeeping(services)
            #expect(try await storedReadings(app, setup.sensor) == 0)
            let rollups = try await app.db.sql.raw("SELECT SUM(n) AS n FROM ss_rollups WHERE period = 'hour'").first()!
            #expect(try rollups.decode(column: "n", as: Int.self) == 5)
            // New readings still find their month.
            let fresh = try await postReadings(app, sensor: setup.sensor, key: setup.key, reading(at: clock.now, temperature: 20, humidity: 50))
            #expect(fresh.status == .ok)
            #expect(ReadingService.retentionDays(["SHELTER_RAW_RETENTION_DAYS": "90"]) == 90)
            #expect(ReadingService.retentionDays(["SHELTER_RAW_RETENTION_DAYS": "0"]) == 30)
        }
    }
}
