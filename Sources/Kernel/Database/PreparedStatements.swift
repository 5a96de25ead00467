import FluentKit
import FluentPostgresDriver
import Foundation

/// Hot queries as named prepared statements on PostgreSQL.
///
/// SQLKit sends every query as a new unnamed statement, so PostgreSQL parses and plans
/// it on every request: in a profile of MoveJoin's search, planning took more of the
/// database's time than running the query. A `PostgresPreparedStatement` is prepared once
/// per connection and its rows are decoded by PostgresNIO's typed decoding, by position,
/// instead of through PostgresKit's `Codable` wrapper per cell.
///
/// Only a PostgreSQL store runs them (`ServiceContext.fastPath` picks it on PostgreSQL
/// only); the portable store of the same protocol answers elsewhere, and the test suite
/// runs on both databases and compares the two (`StoreComparison`).
extension Database {
    public func preparedRows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        guard let postgres = self as? any PostgresDatabase else {
            throw PostgresOnlyStatement(name: Statement.name, database: "\(type(of: self))")
        }
        let logger = self.logger
        return try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                var rows: [Statement.Row] = []
                for try await row in try await connection.execute(statement, logger: logger) {
                    rows.append(row)
                }
                return rows
            }
        }.get()
    }
}

/// A PostgreSQL statement asked of another database: a store chosen for the wrong one.
public struct PostgresOnlyStatement: Error, CustomStringConvertible {
    public let name: String
    public let database: String
    public var description: String { "The PostgreSQL statement \(name) cannot run on \(database)" }
}

/// Reads a PostgreSQL row's cells in order, for `decodeRow` of statements whose rows are
/// wider than one tuple is pleasant to write. Inlinable so that each call is specialised
/// in the app's module: an unspecialised generic call looks up type metadata at run time,
/// which showed up in profiles at 20 cells a row.
public struct PostgresColumns {
    @usableFromInline var cells: PostgresRow.Iterator

    @inlinable public init(_ row: PostgresRow) { cells = row.makeIterator() }

    /// The next cell as `T`; an error when the row has no more cells or the type does not match.
    @inlinable public mutating func next<T: PostgresDecodable>(_ type: T.Type = T.self, file: String = #fileID, line: Int = #line) throws -> T {
        guard let cell = cells.next() else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "The row has fewer columns than the statement reads"))
        }
        return try cell.decode(T.self, file: file, line: line)
    }

    /// `columns` ("a, b") qualified by `table` ("t.a, t.b"), for statements that read
    /// several tables' columns by position.
    public static func qualified(_ columns: String, by table: String) -> String {
        columns.split(separator: ",").map { "\(table).\($0.trimmingCharacters(in: .whitespaces))" }.joined(separator: ", ")
    }

    /// Passes over `count` cells without decoding them.
    @inlinable public mutating func skip(_ count: Int) {
        for _ in 0..<count { _ = cells.next() }
    }

    /// The next cell as a stored enum value; one this code does not know is corrupt data, not a default.
    @inlinable public mutating func next<T: RawRepresentable>(_ type: T.Type = T.self, file: String = #fileID, line: Int = #line) throws -> T
    where T.RawValue == String {
        let raw: String = try next(String.self, file: file, line: line)
        guard let value = T(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(raw) is not a \(T.self)"))
        }
        return value
    }
}
