import FluentPostgresDriver
import Foundation
import Kernel
import Testing

/// Holds an app's listed PostgreSQL statements (`HromadaApp.postgresStatements`) to the
/// schema: each is built (so `SignedInSQL` checks its guard) and prepared by PostgreSQL
/// with its declared parameter types, which parses it against the migrated tables.
public enum StatementCheck {
    public static func expectAllPrepare(_ app: any HromadaApp, on db: any Database, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(!app.postgresStatements.isEmpty, "\(app.descriptor.id) lists its statements", sourceLocation: sourceLocation)
        guard let postgres = db as? any PostgresDatabase else { return }
        for statement in app.postgresStatements {
            let sql = statement.sql
            let types = statement.bindingDataTypes.map { $0.knownSQLName ?? "unknown" }.joined(separator: ", ")
            try await postgres.withConnection { connection in
                connection.eventLoop.makeFutureWithTask {
                    do {
                        try await connection.query(PostgresQuery(unsafeSQL: "PREPARE hromada_check(\(types)) AS \(sql)"), logger: db.logger)
                        try await connection.query(PostgresQuery(unsafeSQL: "DEALLOCATE hromada_check"), logger: db.logger)
                    } catch {
                        Issue.record("\(statement.name) does not prepare: \(String(reflecting: error))", sourceLocation: sourceLocation)
                    }
                }
            }.get()
        }
    }
}
