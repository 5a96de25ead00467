import Fluent
import Foundation
import Kernel
import SQLKit

/// What became of a device's readings.
public struct IngestResult: Sendable, Equatable {
    public var stored: Int
    /// Readings already stored (the same sensor and device time), kept once.
    public var duplicates: Int
    /// Readings refused, by their position in what was sent, with a `ss.reading.*` key.
    public var refused: [Refusal]

    public struct Refusal: Sendable, Equatable {
        public let index: Int
        public let reason: String
    }
}

/// Readings from sensor devices: checked, stored once per sensor and device time, and read
/// back for the enclosure pages.
public struct ReadingService: Sendable {
    /// The most readings one request may carry (a device that was offline sends its buffer).
    public static let batchLimit = 1000
    /// How long raw readings are kept (`SHELTER_RAW_RETENTION_DAYS`, 30 by default); older
    /// ones are refused, and housekeeping removes them (the roll-ups are kept for good).
    public static let rawRetention: TimeInterval = Double(retentionDays(ProcessInfo.processInfo.environment)) * 86_400

    static func retentionDays(_ environment: [String: String]) -> Int {
        guard let text = environment["SHELTER_RAW_RETENTION_DAYS"], let days = Int(text), (1...3650).contains(days) else { return 30 }
        return days
    }

    let context: ShelterContext
    var db: any Database { context.db }

    /// Stores what a device `SensorService.authenticate` has let in sent. The valid readings
    /// are stored and the others refused each with its reason — nil is a reading without its
    /// time, temperature or humidity — so a device can drop them from its buffer; a repeated
    /// reading is counted, not stored again.
    public func record(_ readings: [Reading?], from sensor: Sensor) async throws -> IngestResult {
        guard !readings.isEmpty else { throw AppError(.unprocessableEntity, code: "no_readings", key: "ss.reading.none") }
        guard readings.count <= Self.batchLimit else {
            throw AppError(.payloadTooLarge, code: "too_many_readings", key: "ss.reading.too_many", arguments: ["max": String(Self.batchLimit)])
        }
        let now = context.clock.now
        var result = IngestResult(stored: 0, duplicates: 0, refused: [])
        var accepted: [Reading] = []
        var seen = Set<Date>()
        for (index, reading) in readings.enumerated() {
            guard let reading else {
                result.refused.append(.init(index: index, reason: "ss.reading.incomplete"))
                continue
            }
            if let reason = reading.refusal(now: now, oldest: now.addingTimeInterval(-Self.rawRetention)) {
                result.refused.append(.init(index: index, reason: reason))
            } else if seen.insert(reading.at).inserted {
                accepted.append(reading)
            } else {
                result.duplicates += 1
            }
        }
        guard !accepted.isEmpty else { return result }
        let stored = try await store(accepted, of: sensor, receivedAt: now)
        result.stored = stored
        result.duplicates += accepted.count - stored
        return result
    }

    /// Inserts the readings (those already there are skipped by the key), then tells the
    /// dashboards of the alarms they raised; how many were new.
    private func store(_ readings: [Reading], of sensor: Sensor, receivedAt now: Date) async throws -> Int {
        let stored: (count: Int, alarms: [ShelterEvents.AlarmEvent])
        do {
            stored = try await insert(readings, of: sensor, receivedAt: now)
        } catch where ReadingPartitions.isMissingPartition(error) {
            // Two requests may make the month at once; the loser's error says only that it
            // exists, and the insert that follows tells whether it does.
            try? await ReadingPartitions(sql: db.sql).ensure(months: readings.map(\.at))
            stored = try await insert(readings, of: sensor, receivedAt: now)
        }
        try await context.alarms.publish(stored.alarms)
        return stored.count
    }

    /// Stores the readings, checks the new ones against the rules and moves the sensor's
    /// newest time, in one transaction; how many were new, and the alarms' live events.
    private func insert(_ readings: [Reading], of sensor: Sensor, receivedAt now: Date) async throws -> (count: Int, alarms: [ShelterEvents.AlarmEvent]) {
        let sensorID = try sensor.requireID()
        let newest = readings.map(\.at).max()!
        return try await db.writeTransaction { db in
            let sql = db.sql
            // The sensor's row first, as `StoreReadingsStatement` takes it: one writer of a
            // sensor's readings at a time, never two waiting for each other (SQLite's writes
            // queue anyway).
            if ReadingPartitions.isPostgres(sql) {
                try await sql.raw("SELECT 1 FROM \(ident: Sensor.schema) WHERE id = \(bind: sensorID) FOR NO KEY UPDATE").run()
            }
            let rows = try await sql.insert(into: "ss_readings")
                .columns("sensor_id", "device_time", "received_at", "temperature", "humidity", "water_level", "food_level", "thi")
                .rows(readings.map { reading -> [any SQLExpression] in
                    [SQLBind(sensorID), SQLBind(reading.at), SQLBind(now), SQLBind(reading.temperature), SQLBind(reading.humidity),
                     SQLBind(reading.waterLevel), SQLBind(reading.foodLevel), SQLBind(reading.heatStressIndex)]
                })
                .ignoringConflicts(with: ["sensor_id", "device_time"])
                .returning("device_time")
                .all()
            // Only what is new is checked: a resent buffer raises nothing twice.
            let stored = Set(try rows.map { Self.millis(try $0.decode(column: "device_time", as: Date.self)) })
            let new = readings.filter { stored.contains(Self.millis($0.at)) }
            try await addToRollups(new, of: sensorID, on: db)
            let alarms = try await context.alarms.check(new, of: sensor, on: db)
            try await sql.update(Sensor.schema)
                .set("last_reading_at", to: SQLBind(newest))
                .where("id", .equal, SQLBind(sensorID))
                .where { $0.where("last_reading_at", .is, SQLLiteral.null).orWhere("last_reading_at", .lessThan, SQLBind(newest)) }
                .run()
            try await Self.notePower(of: new, sensorID: sensorID, on: sql)
            if new.contains(where: { Self.isLate($0.at, receivedAt: now) }) {
                try await sql.update(Sensor.schema)
                    .set("chart_revision", to: SQLRaw("chart_revision + 1"))
                    .where("id", .equal, SQLBind(sensorID))
                    .run()
            }
            return (rows.count, alarms)
        }
    }

    /// Keeps the battery and signal of the newest new reading that reports them on the
    /// sensor, unless the sensor already holds a newer report (a buffer sent late).
    private static func notePower(of readings: [Reading], sensorID: UUID, on sql: any SQLDatabase) async throws {
        guard let report = readings.filter(\.reportsPower).max(by: { $0.at < $1.at }) else { return }
        try await sql.update(Sensor.schema)
            .set("battery_percent", to: SQLBind(report.battery)).set("signal_dbm", to: SQLBind(report.signal))
            .set("power_at", to: SQLBind(report.at))
            .where("id", .equal, SQLBind(sensorID))
            .where { $0.where("power_at", .is, SQLLiteral.null).orWhere("power_at", .lessThan, SQLBind(report.at)) }
            .run()
    }

    /// Adds new readings to their hour's and day's roll-ups (made when the first reading of
    /// the span comes), in the transaction that stores them: the sums stay exact because a
    /// repeated reading is never new.
    private func addToRollups(_ readings: [Reading], of sensorID: UUID, on db: any Database) async throws {
        guard !readings.isEmpty else { return }
        let sql = db.sql
        let (least, greatest) = ReadingPartitions.isPostgres(sql) ? ("LEAST", "GREATEST") : ("min", "max")
        let rows = [Rollup.Period.hour, .day].flatMap { period in Rollup.of(readings, per: period).map { (period, $0) } }
        let values: [SQLQueryString] = rows.map { period, r in
            """
            (\(bind: sensorID), \(bind: period.rawValue), \(bind: r.start), \(bind: r.count), \(bind: r.minTemperature), \(bind: r.maxTemperature), \
            \(bind: r.sumTemperature), \(bind: r.minHumidity), \(bind: r.maxHumidity), \(bind: r.sumHumidity), \(bind: r.maxHeatStress), \
            \(bind: r.minWater), \(bind: r.minFood))
            """
        }
        // A level may be missing on either side: the least of what is there.
        func leastOf(_ column: String) -> String {
            "\(least)(COALESCE(ss_rollups.\(column), excluded.\(column)), COALESCE(excluded.\(column), ss_rollups.\(column)))"
        }
        try await sql.raw("""
            INSERT INTO ss_rollups (sensor_id, period, start, n, t_min, t_max, t_sum, h_min, h_max, h_sum, thi_max, water_min, food_min)
            VALUES \(values.joined(separator: ", "))
            ON CONFLICT (sensor_id, period, start) DO UPDATE SET
                n = ss_rollups.n + excluded.n,
                t_min = \(unsafeRaw: least)(ss_rollups.t_min, excluded.t_min),
                t_max = \(unsafeRaw: greatest)(ss_rollups.t_max, excluded.t_max),
                t_sum = ss_rollups.t_sum + excluded.t_sum,
                h_min = \(unsafeRaw: least)(ss_rollups.h_min, excluded.h_min),
                h_max = \(unsafeRaw: greatest)(ss_rollups.h_max, excluded.h_max),
                h_sum = ss_rollups.h_sum + excluded.h_sum,
                thi_max = \(unsafeRaw: greatest)(ss_rollups.thi_max, excluded.thi_max),
                water_min = \(unsafeRaw: leastOf("water_min")),
                food_min = \(unsafeRaw: leastOf("food_min"))
            """).run()
    }

    /// An enclosure's chart: its sensors' roll-ups over `range`, ending now, a point per
    /// span (empty spans left out).
    public func chart(of enclosureID: UUID, over range: ChartRange, for person: StaffMember) async throws -> EnclosureChart {
        try context.authorize(person, Self.chartReaders)
        _ = try await context.enclosures.find(enclosureID)
        let (start, end) = Self.window(of: range, now: context.clock.now)
        return EnclosureChart(range: range, start: start, spans: try await spans(of: enclosureID, over: range, from: start, to: end))
    }

    /// Who may read the charts (besides the director).
    static let chartReaders: Set<ShelterRole> = [.doctor, .storekeeper]

    /// The span a chart of `range` covers, ending with the hour or day holding `now`.
    static func window(of range: ChartRange, now: Date) -> (start: Date, end: Date) {
        let end = range.period.start(of: now).addingTimeInterval(range.period.seconds)
        return (end.addingTimeInterval(-range.span), end)
    }

    /// Whether a reading received at `receivedAt` changes a roll-up that a chart may hold
    /// as finished (`ChartCache`): it falls before the hour it came in — or before the next,
    /// in an hour's last seconds, which leaves the writer that long between reading its
    /// clock and committing, and the servers' clocks that far apart. Writers of such a
    /// reading count it in their sensor's `chart_revision`.
    static func isLate(_ at: Date, receivedAt: Date) -> Bool {
        at < Rollup.Period.hour.start(of: receivedAt.addingTimeInterval(lateMargin))
    }

    /// `isLate` in PostgreSQL, of the columns `at` and `receivedAt`.
    static func isLateSQL(_ at: String, receivedAt: String) -> String {
        "\(at) < date_trunc('hour', \(receivedAt) + interval '\(Int(lateMargin)) seconds', 'UTC')"
    }

    private static let lateMargin: TimeInterval = 10

    /// The SQL of the chart point a roll-up's `column` falls in: its number, counted from
    /// `from` (seconds since 1970) in points `width` seconds wide.
    static func point(postgres: Bool, column: String = "start", from: String, width: String) -> String {
        postgres ? "floor((extract(epoch FROM \(column))::float8 - \(from)) / \(width))::int8" : "CAST((\(column) - \(from)) / \(width) AS INTEGER)"
    }

    /// A `FROM` clause: the rows of `table` (as `alias`) of every sensor placement `pl`
    /// (`SensorPlacement`) that holds them; filter `pl.enclosure_id` for what an enclosure's
    /// sensors measured while they hung there. A reading belongs to the placement its
    /// `time` falls in; a row covering `width` seconds from its `time` (an SQL expression),
    /// to the one its end falls in, so the hour of a move goes with the enclosure the sensor
    /// moved to.
    static func placed(_ table: String, as alias: String, time: String, width: String? = nil, postgres: Bool) -> String {
        let held: String
        if let width {
            let end = postgres ? "(\(alias).\(time) + (\(width)) * interval '1 second')" : "(\(alias).\(time) + (\(width)))"
            held = "\(end) > pl.placed_at AND (pl.removed_at IS NULL OR \(end) <= pl.removed_at)"
        } else {
            held = "\(alias).\(time) >= pl.placed_at AND (pl.removed_at IS NULL OR \(alias).\(time) < pl.removed_at)"
        }
        return "\(SensorPlacement.schema) pl JOIN \(table) \(alias) ON \(alias).sensor_id = pl.sensor_id AND \(held)"
    }

    /// `placed` for `ss_rollups r`, of whichever period each is.
    static func placedRollups(postgres: Bool) -> String {
        placed("ss_rollups", as: "r", time: "start", width: "CASE r.period WHEN 'day' THEN \(Int(Rollup.Period.day.seconds)) ELSE \(Int(Rollup.Period.hour.seconds)) END",
               postgres: postgres)
    }

    /// The roll-ups of the enclosure's sensors summed per point of the range (a week's
    /// point is six hours), by the database: a week is 28 rows to read, not 168.
    private func spans(of enclosureID: UUID, over range: ChartRange, from start: Date, to end: Date) async throws -> [Rollup] {
        let sql = db.sql
        // The point a roll-up falls in, counted from the range's start (whole seconds both).
        let from = Int(start.timeIntervalSince1970), width = Int(range.pointSeconds)
        let point = Self.point(postgres: ReadingPartitions.isPostgres(sql), column: "r.start", from: String(from), width: String(width))
        let rows = try await sql.raw("""
            SELECT \(unsafeRaw: point) AS point, SUM(r.n) AS n, MIN(r.t_min) AS t_min, MAX(r.t_max) AS t_max, SUM(r.t_sum) AS t_sum,
                   MIN(r.h_min) AS h_min, MAX(r.h_max) AS h_max, SUM(r.h_sum) AS h_sum, MAX(r.thi_max) AS thi_max,
                   MIN(r.water_min) AS water_min, MIN(r.food_min) AS food_min
            FROM \(unsafeRaw: Self.placedRollups(postgres: ReadingPartitions.isPostgres(sql)))
            WHERE pl.enclosure_id = \(bind: enclosureID)
              AND r.period = \(bind: range.period.rawValue) AND r.start >= \(bind: start) AND r.start < \(bind: end)
            GROUP BY 1 ORDER BY 1
            """).all()
        return try rows.map { row in
            Rollup(start: start.addingTimeInterval(Double(try row.decode(column: "point", as: Int.self) * width)),
                   count: try row.decode(column: "n", as: Int.self),
                   minTemperature: try row.decode(column: "t_min", as: Double.self), maxTemperature: try row.decode(column: "t_max", as: Double.self),
                   sumTemperature: try row.decode(column: "t_sum", as: Double.self), minHumidity: try row.decode(column: "h_min", as: Double.self),
                   maxHumidity: try row.decode(column: "h_max", as: Double.self), sumHumidity: try row.decode(column: "h_sum", as: Double.self),
                   maxHeatStress: try row.decode(column: "thi_max", as: Double.self), minWater: try row.optional("water_min"),
                   minFood: try row.optional("food_min"))
        }
    }

    /// The readings at these sensors' device times, by sensor, in one query (each is found
    /// by the primary key).
    func readings(at places: [(sensor: UUID, at: Date)]) async throws -> [UUID: Reading] {
        guard !places.isEmpty else { return [:] }
        let rows = try await db.sql.select().columns(["sensor_id"] + Self.columns).from("ss_readings")
            .where { group in
                for place in places {
                    group.orWhere { $0.where("sensor_id", .equal, SQLBind(place.sensor)).where("device_time", .equal, SQLBind(place.at)) }
                }
                return group
            }
            .all()
        return try Dictionary(rows.map { (try $0.decode(column: "sensor_id", as: UUID.self), try Self.decode($0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The readings of an enclosure's sensors since `since`, newest first (at most `limit`).
    public func recent(in enclosureID: UUID, since: Date, limit: Int, for person: StaffMember) async throws -> [(sensorID: UUID, reading: Reading)] {
        try context.authorize(person, [.doctor, .storekeeper])
        _ = try await context.enclosures.find(enclosureID)
        let rows = try await db.sql.select().columns((["sensor_id"] + Self.columns).map { SQLColumn($0, table: "x") })
            .from(SQLRaw(Self.placed("ss_readings", as: "x", time: "device_time", postgres: ReadingPartitions.isPostgres(db.sql))))
            .where(SQLColumn("enclosure_id", table: "pl"), .equal, SQLBind(enclosureID))
            .where(SQLColumn("device_time", table: "x"), .greaterThanOrEqual, SQLBind(since))
            .orderBy(SQLOrderBy(expression: SQLColumn("device_time", table: "x"), direction: SQLDirection.descending)).limit(limit).all()
        return try rows.map { (try $0.decode(column: "sensor_id", as: UUID.self), try Self.decode($0)) }
    }

    /// The food level its sensors last reported in an enclosure between two moments.
    func lastFoodLevel(in enclosureID: UUID, after from: Date, before to: Date) async throws -> Double? {
        try await db.sql.select().column(SQLColumn("food_level", table: "x"))
            .from(SQLRaw(Self.placed("ss_readings", as: "x", time: "device_time", postgres: ReadingPartitions.isPostgres(db.sql))))
            .where(SQLColumn("enclosure_id", table: "pl"), .equal, SQLBind(enclosureID))
            .where(SQLColumn("device_time", table: "x"), .greaterThan, SQLBind(from))
            .where(SQLColumn("device_time", table: "x"), .lessThan, SQLBind(to))
            .where(SQLColumn("food_level", table: "x"), .isNot, SQLLiteral.null)
            .orderBy(SQLOrderBy(expression: SQLColumn("device_time", table: "x"), direction: SQLDirection.descending)).limit(1)
            .first().flatMap { try $0.optional("food_level", as: Double.self) }
    }

    /// A time to the millisecond, to match what was sent with what the database returned.
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static let columns = ["device_time", "temperature", "humidity", "water_level", "food_level"]

    static func decode(_ row: any SQLRow) throws -> Reading {
        Reading(at: try row.decode(column: "device_time", as: Date.self), temperature: try row.decode(column: "temperature", as: Double.self),
                humidity: try row.decode(column: "humidity", as: Double.self), waterLevel: try row.optional("water_level"),
                foodLevel: try row.optional("food_level"))
    }
}
