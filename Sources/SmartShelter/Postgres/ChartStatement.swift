import FluentPostgresDriver
import Foundation
import Kernel

/// Signs the caller in and reads enclosure `$4`'s chart: its sensors' roll-ups of period
/// `$5` in [`$6`, `$7`) summed per point — numbered from `$8` (seconds since 1970) in
/// points `$9` seconds wide — as parallel arrays in the points' order (a missing level as
/// -1: arrays of NULLs do not decode into Swift optionals). Only a member of the staff who
/// may read charts (`ReadingService.chartReaders`, and the director) reads anything; `found`
/// says whether the enclosure exists for them.
struct ChartStatement: PostgresPreparedStatement {
    static let name = "ss_chart"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        let readers = ([ShelterRole.director] + ReadingService.chartReaders.sorted { $0.rawValue < $1.rawValue }).map { "'\($0.rawValue)'" }
        let point = ReadingService.point(postgres: true, column: "r.start", from: "$8", width: "$9")
        return """
             SELECT \(caller.columns), e.id IS NOT NULL AS found,
                    x.points, x.n, x.t_min, x.t_max, x.t_sum, x.h_min, x.h_max, x.h_sum, x.thi_max, x.water_min, x.food_min
            FROM signed_in
            LEFT JOIN \(Enclosure.schema) e
                ON e.id = $4 AND \(caller.accountID) IS NOT NULL AND signed_in.role IN (\(readers.joined(separator: ", ")))
            LEFT JOIN LATERAL (
                SELECT array_agg(p.point ORDER BY p.point) AS points, array_agg(p.n ORDER BY p.point) AS n,
                       array_agg(p.t_min ORDER BY p.point) AS t_min, array_agg(p.t_max ORDER BY p.point) AS t_max,
                       array_agg(p.t_sum ORDER BY p.point) AS t_sum, array_agg(p.h_min ORDER BY p.point) AS h_min,
                       array_agg(p.h_max ORDER BY p.point) AS h_max, array_agg(p.h_sum ORDER BY p.point) AS h_sum,
                       array_agg(p.thi_max ORDER BY p.point) AS thi_max, array_agg(p.water_min ORDER BY p.point) AS water_min,
                       array_agg(p.food_min ORDER BY p.point) AS food_min
                FROM (
                    SELECT \(point) AS point, sum(r.n)::int8 AS n, min(r.t_min) AS t_min, max(r.t_max) AS t_max, sum(r.t_sum) AS t_sum,
                           min(r.h_min) AS h_min, max(r.h_max) AS h_max, sum(r.h_sum) AS h_sum, max(r.thi_max) AS thi_max,
                           coalesce(min(r.water_min), -1) AS water_min, coalesce(min(r.food_min), -1) AS food_min
                    FROM ss_rollups r
                    WHERE r.sensor_id IN (SELECT s.id FROM \(Sensor.schema) s WHERE s.enclosure_id = e.id)
                      AND r.period = $5 AND r.start >= $6 AND r.start < $7
                    GROUP BY 1) p) x ON true
            """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid, .text, .timestamptz, .timestamptz, .float8, .float8]

    struct Row: Sendable {
        let signIn: SignIn
        /// Whether the enclosure exists, for a caller who may read charts.
        let found: Bool
        /// The points with readings, in order.
        let points: [Rollup]
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let enclosureID: UUID
    let range: ChartRange
    let start: Date
    let end: Date

    /// Seconds a point covers.
    var width: Double { range.span / Double(range.points) }

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 6)
        bindings.append(enclosureID)
        bindings.append(range.period.rawValue)
        bindings.append(start)
        bindings.append(end)
        bindings.append(start.timeIntervalSince1970)
        bindings.append(width)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let found = try cells.next(Bool.self)
        let numbers = try cells.next([Int]?.self) ?? [], counts = try cells.next([Int]?.self) ?? []
        var columns: [[Double]] = []
        for _ in 0..<9 { columns.append(try cells.next([Double]?.self) ?? []) }
        guard counts.count == numbers.count, columns.allSatisfy({ $0.count == numbers.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The chart's arrays differ in length"))
        }
        let points = numbers.indices.map { i in
            Rollup(start: start.addingTimeInterval(Double(numbers[i]) * width), count: counts[i],
                   minTemperature: columns[0][i], maxTemperature: columns[1][i], sumTemperature: columns[2][i],
                   minHumidity: columns[3][i], maxHumidity: columns[4][i], sumHumidity: columns[5][i], maxHeatStress: columns[6][i],
                   minWater: columns[7][i] < 0 ? nil : columns[7][i], minFood: columns[8][i] < 0 ? nil : columns[8][i])
        }
        return Row(signIn: signIn, found: found, points: points)
    }
}
