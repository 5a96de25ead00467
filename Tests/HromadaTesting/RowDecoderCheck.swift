import Fluent
import Foundation
import FluentPostgresDriver
import Kernel
import SQLKit
import Testing

/// Holds a hand-written row decoder (`RowDecodable`) to its Fluent model: a column added
/// to the model and not to the decoder (or read into the wrong field) fails a test, not a
/// request. The caller fills every field of `model` with a value other than its default.
public enum RowDecoderCheck {
    /// Saves `model` through Fluent, reads the row back both through Fluent and through the
    /// decoder, and expects every field equal (as Fluent encodes the model). `null` names
    /// the fields the model cannot fill at once (one of two that exclude each other): give
    /// each a value in another call.
    public static func roundTrip<M: RowDecodable>(
        _ model: M, idColumn: String = "id", null: Set<String> = [], on db: any Database, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws where M.IDValue == UUID {
        try await model.create(on: db)
        let id = try #require(model.id, sourceLocation: sourceLocation)
        let throughFluent = try #require(try await M.find(id, on: db), sourceLocation: sourceLocation)
        let throughDecoder = try #require(try await M.fetch(id, idColumn: idColumn, on: db), sourceLocation: sourceLocation)
        let expected = try fields(throughFluent), decoded = try fields(throughDecoder)
        #expect(decoded == expected, "\(M.self): the decoder read \(decoded), Fluent \(expected)", sourceLocation: sourceLocation)
        for (name, value) in expected where value == "null" && !null.contains(name) {
            Issue.record("\(M.self).\(name) is null: give every field a value, or the check cannot see it", sourceLocation: sourceLocation)
        }
    }

    /// Each field as JSON, by name (as Fluent encodes a model): to compare what two ways of
    /// reading the same row give.
    public static func fields(_ model: some Encodable) throws -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let object = try JSONSerialization.jsonObject(with: encoder.encode(model)) as? [String: Any] ?? [:]
        return try object.mapValues { value in
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
    }
}

extension RowDecoderCheck {
    /// Holds a column list a statement reads by position (`"id, owner_id, …"`, qualified
    /// or not) to the table it reads: the same names, each once. A column added to the
    /// table (and its model) and not to the list fails here, not in a request. `derived`
    /// names the columns the list leaves out because its decoder works them out (say why
    /// where it is called).
    public static func columnList(_ list: String, covers table: String, derived: Set<String> = [], on db: any Database,
                                  sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let listed = list.split(separator: ",").map { column in
            String(column.split(separator: ".").last ?? column).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let actual = try await columns(of: table, on: db).filter { !derived.contains($0) }
        #expect(!actual.isEmpty, "\(table) has no columns: is it the table's name?", sourceLocation: sourceLocation)
        #expect(listed.count == Set(listed).count, "\(table): a column is listed twice in \(listed)", sourceLocation: sourceLocation)
        #expect(Set(listed) == Set(actual),
                "\(table): missing \(Set(actual).subtracting(listed).sorted()), unknown \(Set(listed).subtracting(actual).sorted())",
                sourceLocation: sourceLocation)
    }

    /// The names of `table`'s columns, as the database has them.
    static func columns(of table: String, on db: any Database) async throws -> [String] {
        let sql = db.sql
        if sql.dialect.name == "sqlite" {
            return try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table))").all().map { try $0.decode(column: "name", as: String.self) }
        }
        return try await sql.raw("""
            SELECT column_name FROM information_schema.columns WHERE table_name = \(bind: table) AND table_schema = current_schema()
            """).all().map { try $0.decode(column: "column_name", as: String.self) }
    }

    /// The first row of `sql` (its one parameter `$1` bound to `id`) as PostgreSQL sends it,
    /// for a statement's positional decoder (`PostgresColumns`) to read; nil on other
    /// databases.
    public static func postgresRow(_ sql: String, id: UUID, on db: any Database) async throws -> PostgresRow? {
        guard let postgres = db as? any PostgresDatabase else { return nil }
        let logger = db.logger
        return try await postgres.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                var query = PostgresQuery(unsafeSQL: sql)
                query.binds.append(id)
                for try await row in try await connection.query(query, logger: logger) { return row }
                return nil
            }
        }.get()
    }
}
