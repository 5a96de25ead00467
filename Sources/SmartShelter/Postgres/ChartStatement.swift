import FluentPostgresDriver
import Foundation
import Kernel

/// Signs the caller in and reads enclosure `$4`'s chart: the roll-ups of period `$5` in
/// [`$6`, `$7`) of its sensors while they hung there (`SensorPlacement`), summed per point
/// — numbered from `$8` (seconds since 1970) in points `$9` seconds wide — a row per point
/// in their order (one row without a point when there is none; a missing level as -1).
/// Only a member of the staff who may read charts (`ReadingService.chartReaders`, and the
/// director) reads anything; `found` says whether the enclosure exists for them. (Rows, not
/// arrays: eleven ordered `array_agg`s sorted the points eleven times.)
///
/// Every row also holds the sum of the `chart_revision`s of the sensors ever placed there;
/// when it is `$10`, the revision of the points the server holds (`ChartCache`), only the
/// roll-ups from `$11` on are read: the last point's.
struct ChartStatement: PostgresPreparedStatement {
    static let name = "ss_chart"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        let readers = ([ShelterRole.director] + ReadingService.chartReaders.sorted { $0.rawValue < $1.rawValue }).map { "'\($0.rawValue)'" }
        let point = ReadingService.point(postgres: true, column: "r.start", from: "$8", width: "$9")
        return """
             SELECT \(caller.columns), e.id IS NOT NULL AS found, v.revision,
                    p.point, p.n, p.t_min, p.t_max, p.t_sum, p.h_min, p.h_max, p.h_sum, p.thi_max, p.water_min, p.food_min
            FROM signed_in
            LEFT JOIN \(Enclosure.schema) e
                ON e.id = $4 AND \(caller.accountID) IS NOT NULL AND signed_in.role IN (\(readers.joined(separator: ", ")))
            LEFT JOIN LATERAL (SELECT coalesce(sum(s.chart_revision), 0)::int8 AS revision FROM \(Sensor.schema) s
                               WHERE s.id IN (SELECT pl.sensor_id FROM \(SensorPlacement.schema) pl WHERE pl.enclosure_id = e.id)) v ON true
            LEFT JOIN LATERAL (
                SELECT \(point) AS point, sum(r.n)::int8 AS n, min(r.t_min) AS t_min, max(r.t_max) AS t_max, sum(r.t_sum) AS t_sum,
                       min(r.h_min) AS h_min, max(r.h_max) AS h_max, sum(r.h_sum) AS h_sum, max(r.thi_max) AS thi_max,
                       coalesce(min(r.water_min), -1) AS water_min, coalesce(min(r.food_min), -1) AS food_min
                FROM \(ReadingService.placedRollups(postgres: true))
                WHERE pl.enclosure_id = e.id
                  AND r.period = $5 AND r.start >= CASE WHEN v.revision = $10 THEN $11 ELSE $6 END AND r.start < $7
                GROUP BY 1) p ON true
            ORDER BY p.point
            """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid, .text, .timestamptz, .timestamptz, .float8, .float8, .int8, .timestamptz]

    struct Row: Sendable {
        let signIn: SignIn
        /// Whether the enclosure exists, for a caller who may read charts.
        let found: Bool
        /// The enclosure's sensors' `chart_revision`s summed.
        let revision: Int
        /// The row's point; nil on the one row of a chart without any.
        let point: Rollup?
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let enclosureID: UUID
    let range: ChartRange
    let start: Date
    let end: Date
    /// The revision of the finished points the server holds for this window, if any: then
    /// only the roll-ups from `liveFrom` on are read while the enclosure's is still this.
    let knownRevision: Int?
    var liveFrom: Date { end.addingTimeInterval(-width) }

    var width: Double { range.pointSeconds }

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 8)
        bindings.append(enclosureID)
        bindings.append(range.period.rawValue)
        bindings.append(start)
        bindings.append(end)
        bindings.append(start.timeIntervalSince1970)
        bindings.append(width)
        bindings.append(knownRevision ?? -1)
        bindings.append(liveFrom)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let found = try cells.next(Bool.self)
        let revision = try cells.next(Int.self)
        guard let number = try cells.next(Int?.self) else { return Row(signIn: signIn, found: found, revision: revision, point: nil) }
        let count = try cells.next(Int.self)
        var values: [Double] = []
        values.reserveCapacity(9)
        for _ in 0..<9 { values.append(try cells.next(Double.self)) }
        let point = Rollup(start: start.addingTimeInterval(Double(number) * width), count: count, minTemperature: values[0],
                           maxTemperature: values[1], sumTemperature: values[2], minHumidity: values[3], maxHumidity: values[4],
                           sumHumidity: values[5], maxHeatStress: values[6], minWater: values[7] < 0 ? nil : values[7],
                           minFood: values[8] < 0 ? nil : values[8])
        return Row(signIn: signIn, found: found, revision: revision, point: point)
    }
}
