import Foundation
import PostgresNIO
import SQLKit

/// The monthly partitions of `ss_readings` on PostgreSQL: made for the last month, this one
/// and the next two by the migration and by housekeeping (every ten minutes), which is
/// ahead of any reading the server accepts (at most five minutes in the future); a reading
/// that still finds none has its month made then (`ReadingService`).
struct ReadingPartitions {
    let sql: any SQLDatabase

    static func isPostgres(_ sql: any SQLDatabase) -> Bool { sql.dialect.name == "postgresql" }

    /// Whether PostgreSQL refused a row because no partition holds its time (a clock moved
    /// past the months made ahead: a server stopped for months, or a test's clock).
    static func isMissingPartition(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.serverInfo?[.sqlState] == "23514" else { return false }
        return error.serverInfo?[.message]?.contains("no partition") ?? false
    }

    /// Makes the partitions of the months from one before `now` to two after.
    func ensure(around now: Date) async throws {
        try await ensure(months: (-1...2).map { Self.month(containing: now, offset: $0).start })
    }

    /// Makes the partitions of the months holding `dates`.
    func ensure(months dates: some Sequence<Date>) async throws {
        guard Self.isPostgres(sql) else { return }
        for first in Set(dates.map { Self.month(containing: $0, offset: 0).start }).sorted() {
            let (start, end) = Self.month(containing: first, offset: 0)
            try await sql.raw("""
                CREATE TABLE IF NOT EXISTS \(unsafeRaw: Self.partitionName(start)) PARTITION OF ss_readings
                FOR VALUES FROM (\(literal: Self.timestamp(start))) TO (\(literal: Self.timestamp(end)))
                """).run()
        }
    }

    /// Removes raw readings older than `cutoff`: on PostgreSQL by dropping each month
    /// whose partition ends by then (so a month goes whole, at most a month after its last
    /// day passed the cutoff), on SQLite by deleting the rows. Roll-ups stay.
    func dropBefore(_ cutoff: Date) async throws {
        guard Self.isPostgres(sql) else {
            try await sql.delete(from: "ss_readings").where("device_time", .lessThan, SQLBind(cutoff)).run()
            return
        }
        let partitions = try await sql.raw("""
            SELECT c.relname AS name FROM pg_inherits i
            JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
            WHERE p.relname = 'ss_readings' AND p.relnamespace = c.relnamespace AND pg_table_is_visible(p.oid)
            """).all(decodingColumn: "name", as: String.self)
        for name in partitions {
            guard let start = Self.start(ofPartition: name), Self.month(containing: start, offset: 0).end <= cutoff else { continue }
            try await sql.raw("DROP TABLE IF EXISTS \(ident: name)").run()
        }
    }

    /// `ss_readings_202609` → 2026-09-01T00:00Z.
    static func start(ofPartition name: String) -> Date? {
        let digits = name.dropFirst("ss_readings_".count)
        guard name.hasPrefix("ss_readings_"), digits.count == 6, let year = Int(digits.prefix(4)), let month = Int(digits.suffix(2)) else { return nil }
        return utc.date(from: DateComponents(year: year, month: month, day: 1))
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The first instant of the month `offset` months from the one holding `date`, in UTC,
    /// and of the month after it.
    static func month(containing date: Date, offset: Int) -> (start: Date, end: Date) {
        let first = utc.date(from: utc.dateComponents([.year, .month], from: date))!
        let start = utc.date(byAdding: .month, value: offset, to: first)!
        return (start, utc.date(byAdding: .month, value: 1, to: start)!)
    }

    static func partitionName(_ start: Date) -> String {
        let parts = utc.dateComponents([.year, .month], from: start)
        return String(format: "ss_readings_%04d%02d", parts.year!, parts.month!)
    }

    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
