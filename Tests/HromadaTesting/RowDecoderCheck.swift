import Fluent
import Foundation
import FluentPostgresDriver
import Kernel
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
