import FluentPostgresDriver
import Foundation
import Kernel

/// Stores the readings of many device requests at once (`PostgresReadingStore`, in batches
/// of `Batcher`), each request let in by its own key: request `n` (`$1`–`$3`: its key's
/// hash, its sensor, when it came) is stored only while the key is that sensor's, and only
/// whole — when every one of its readings (`$4`–`$10`, `$4` naming the request) keeps its
/// enclosure's conditions (`AlarmTrigger.conditionsHeld`). Then, as `ReadingService` does
/// in its transaction, what is new goes into the hour's and day's roll-ups and moves the
/// sensor's newest time, and a late reading counts in its `chart_revision`. A request breaking a condition stores nothing here: it goes the
/// portable way, which raises its alarm.
///
/// Levels a reading lacks are sent as -1 (arrays of NULLs do not encode from Swift
/// optionals; a level below 0 is refused before), and so is a battery; a missing signal
/// is sent as 1 (a signal above 0 dBm is refused before). The newest new reading that
/// reports a battery or signal leaves them on its sensor (`power`), as `ReadingService`
/// does. A batch holds each sensor once (`run`
/// splits it), so the rows stored for a sensor are its request's.
///
/// Locks: every writer of a sensor's readings takes its sensor's row first (`FOR NO KEY
/// UPDATE`, which leaves the foreign-key checks of rows naming the sensor alone): this
/// statement all its sensors in the order of their ids, `ReadingService` its one sensor.
/// The readings, roll-ups and newest time of a sensor are then written by one transaction
/// at a time, and no two writers can wait for each other in a circle (the first run,
/// without it, met deadlocks under load, each costing a second before PostgreSQL broke it).
struct StoreReadingsStatement: PostgresPreparedStatement {
    static let name = "ss_store_readings"
    static let sql = """
        WITH request AS (
            SELECT * FROM unnest($1::text[], $2::uuid[], $3::timestamptz[]) WITH ORDINALITY AS r(key_hash, sensor_id, received_at, n)),
        reading AS (
            SELECT * FROM unnest($4::int8[], $5::timestamptz[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[],
                                 $11::float8[], $12::float8[])
                AS x(n, device_time, temperature, humidity, water_level, food_level, thi, battery, signal)),
        known AS (
            SELECT r.n, r.sensor_id, r.received_at, e.min_temperature, e.max_temperature, e.min_humidity, e.max_humidity, e.min_water
            FROM request r
            JOIN \(Sensor.schema) s ON s.id = r.sensor_id AND s.key_hash = r.key_hash
            JOIN \(Enclosure.schema) e ON e.id = s.enclosure_id
            ORDER BY s.id FOR NO KEY UPDATE OF s),
        breaking AS (
            SELECT DISTINCT k.n FROM known k JOIN reading x ON x.n = k.n
            WHERE NOT (\(AlarmTrigger.conditionsHeld(reading: "x", enclosure: "k")))),
        accepted AS (
            SELECT k.n, k.sensor_id, k.received_at, x.device_time, x.temperature, x.humidity,
                   NULLIF(x.water_level, -1) AS water_level, NULLIF(x.food_level, -1) AS food_level, x.thi,
                   NULLIF(x.battery, -1) AS battery, NULLIF(x.signal, 1) AS signal
            FROM known k JOIN reading x ON x.n = k.n
            WHERE k.n NOT IN (SELECT n FROM breaking)),
        stored AS (
            INSERT INTO ss_readings (sensor_id, device_time, received_at, temperature, humidity, water_level, food_level, thi)
            SELECT sensor_id, device_time, received_at, temperature, humidity, water_level, food_level, thi
            FROM accepted ORDER BY sensor_id, device_time
            ON CONFLICT (sensor_id, device_time) DO NOTHING
            RETURNING sensor_id, device_time, received_at, temperature, humidity, water_level, food_level, thi),
        span AS (
            SELECT s.sensor_id, p.period, date_trunc(p.period, s.device_time, 'UTC') AS start, count(*) AS n,
                   min(s.temperature) AS t_min, max(s.temperature) AS t_max, sum(s.temperature) AS t_sum,
                   min(s.humidity) AS h_min, max(s.humidity) AS h_max, sum(s.humidity) AS h_sum, max(s.thi) AS thi_max,
                   min(s.water_level) AS water_min, min(s.food_level) AS food_min
            FROM stored s CROSS JOIN (VALUES ('hour'), ('day')) AS p(period)
            GROUP BY s.sensor_id, p.period, 3),
        rolled AS (
            INSERT INTO ss_rollups (sensor_id, period, start, n, t_min, t_max, t_sum, h_min, h_max, h_sum, thi_max, water_min, food_min)
            SELECT sensor_id, period, start, n, t_min, t_max, t_sum, h_min, h_max, h_sum, thi_max, water_min, food_min
            FROM span ORDER BY sensor_id, period, start
            ON CONFLICT (sensor_id, period, start) DO UPDATE SET
                n = ss_rollups.n + excluded.n,
                t_min = LEAST(ss_rollups.t_min, excluded.t_min),
                t_max = GREATEST(ss_rollups.t_max, excluded.t_max),
                t_sum = ss_rollups.t_sum + excluded.t_sum,
                h_min = LEAST(ss_rollups.h_min, excluded.h_min),
                h_max = GREATEST(ss_rollups.h_max, excluded.h_max),
                h_sum = ss_rollups.h_sum + excluded.h_sum,
                thi_max = GREATEST(ss_rollups.thi_max, excluded.thi_max),
                water_min = LEAST(ss_rollups.water_min, excluded.water_min),
                food_min = LEAST(ss_rollups.food_min, excluded.food_min)),
        power AS (
            SELECT DISTINCT ON (a.sensor_id) a.sensor_id, a.device_time AS at, a.battery, a.signal
            FROM accepted a JOIN stored st ON st.sensor_id = a.sensor_id AND st.device_time = a.device_time
            WHERE a.battery IS NOT NULL OR a.signal IS NOT NULL
            ORDER BY a.sensor_id, a.device_time DESC),
        heard AS (
            UPDATE \(Sensor.schema) s
            SET last_reading_at = CASE WHEN s.last_reading_at IS NULL OR s.last_reading_at < newest.at THEN newest.at ELSE s.last_reading_at END,
                chart_revision = s.chart_revision + newest.late,
                battery_percent = CASE WHEN p.at > coalesce(s.power_at, '-infinity') THEN p.battery ELSE s.battery_percent END,
                signal_dbm = CASE WHEN p.at > coalesce(s.power_at, '-infinity') THEN p.signal ELSE s.signal_dbm END,
                power_at = CASE WHEN p.at > coalesce(s.power_at, '-infinity') THEN p.at ELSE s.power_at END
            FROM (SELECT sensor_id, max(device_time) AS at,
                         max(CASE WHEN \(ReadingService.isLateSQL("device_time", receivedAt: "received_at")) THEN 1 ELSE 0 END) AS late
                  FROM stored GROUP BY sensor_id) newest
            LEFT JOIN power p ON p.sensor_id = newest.sensor_id
            WHERE s.id = newest.sensor_id
              AND (s.last_reading_at IS NULL OR s.last_reading_at < newest.at OR newest.late = 1 OR p.at > coalesce(s.power_at, '-infinity')))
        SELECT r.n, k.n IS NOT NULL AS known, b.n IS NOT NULL AS breaking, coalesce(c.stored, 0) AS stored
        FROM request r
        LEFT JOIN known k ON k.n = r.n
        LEFT JOIN breaking b ON b.n = r.n
        LEFT JOIN (SELECT sensor_id, count(*) AS stored FROM stored GROUP BY sensor_id) c ON c.sensor_id = k.sensor_id
        """
    static let bindingDataTypes: [PostgresDataType] = [.textArray, .uuidArray, .timestamptzArray, .int8Array, .timestamptzArray,
                                                        .float8Array, .float8Array, .float8Array, .float8Array, .float8Array,
                                                        .float8Array, .float8Array]

    /// One device's request: readings already judged storable (`PostgresReadingStore`).
    struct Item: Sendable {
        let keyHash: String
        let sensorID: UUID
        let receivedAt: Date
        let readings: [Reading]
    }

    /// What became of one request.
    struct Outcome: Sendable, Equatable {
        /// Whether its key is its sensor's.
        let known: Bool
        /// Whether a reading broke its enclosure's conditions (then nothing was stored).
        let breaking: Bool
        /// How many of its readings were new.
        let stored: Int
    }

    struct Row: Sendable {
        /// The request's place in the batch, from 0.
        let index: Int
        let outcome: Outcome
    }

    let items: [Item]

    /// The outcome of each item, in the items' order. An item for a sensor already in the
    /// statement goes in a later one, so each is stored as if alone.
    static func run(_ items: [Item], on db: any Database) async throws -> [Outcome] {
        let rows = try await BatchRows.distinctKeys(items, key: \.sensorID, index: \.index) { try await db.preparedRows(Self(items: $0)) }
        return try rows.enumerated().map { place, rows in
            guard rows.count == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(rows.count) rows for request \(place)"))
            }
            return rows[0].outcome
        }
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 12)
        bindings.append(items.map(\.keyHash))
        bindings.append(items.map(\.sensorID))
        bindings.append(items.map(\.receivedAt))
        let readings = items.enumerated().flatMap { index, item in item.readings.map { (index + 1, $0) } }
        bindings.append(readings.map(\.0))
        bindings.append(readings.map(\.1.at))
        bindings.append(readings.map(\.1.temperature))
        bindings.append(readings.map(\.1.humidity))
        bindings.append(readings.map { $0.1.waterLevel ?? -1 })
        bindings.append(readings.map { $0.1.foodLevel ?? -1 })
        bindings.append(readings.map(\.1.heatStressIndex))
        bindings.append(readings.map { $0.1.battery ?? -1 })
        bindings.append(readings.map { $0.1.signal ?? 1 })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let index = try cells.next(Int.self) - 1
        return Row(index: index, outcome: Outcome(known: try cells.next(Bool.self), breaking: try cells.next(Bool.self),
                                                  stored: try cells.next(Int.self)))
    }
}
