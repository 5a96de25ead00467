import FluentPostgresDriver
import Foundation
import Kernel

/// The animals' revision by a prepared statement.
struct PostgresRevisionStore: RevisionStore {
    let db: any Database

    func animalsRevision() async throws -> Int64 {
        try await db.preparedRows(AnimalsRevisionStatement()).first ?? 0
    }
}

/// `SELECT revision FROM ss_animals_revision`, prepared once per connection.
struct AnimalsRevisionStatement: PostgresPreparedStatement {
    static let name = "ss_animals_revision_read"
    static let sql = "SELECT revision FROM \(AnimalsRevision.table)"
    static let bindingDataTypes: [PostgresDataType] = []

    typealias Row = Int64

    func makeBindings() throws -> PostgresBindings { PostgresBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Int64 {
        var cells = Kernel.PostgresColumns(row)
        return try cells.next(Int64.self)
    }
}
