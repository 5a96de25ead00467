import Fluent
import FluentPostgresDriver
import SQLKit

/// The kind of database the server runs on, fixed when it starts (`DATABASE_URL`). It
/// picks each fast path's store once: the portable one (Fluent and SQLKit, any database)
/// or the PostgreSQL one (one prepared statement per call). See docs/architecture.md,
/// "Fast paths".
public enum DatabaseFamily: Sendable {
    case postgres
    case portable
}

extension DatabaseLocation {
    var family: DatabaseFamily {
        if case .postgres = self { .postgres } else { .portable }
    }
}

extension ServiceContext {
    /// The database family the server started on.
    public var databaseFamily: DatabaseFamily { state.databaseFamily }

    /// An operation's store for this server's database: `postgres` when it runs on
    /// PostgreSQL, else `portable`. Both implement the same protocol, so the services and
    /// handlers that call it never learn which runs.
    public func fastPath<Store>(portable: @autoclosure () -> Store, postgres: @autoclosure () -> Store) -> Store {
        databaseFamily == .postgres ? postgres() : portable()
    }
}

extension Database {
    /// This database as SQLKit's: every database the server runs on is an SQL one (the
    /// configuration accepts SQLite and PostgreSQL only).
    public var sql: any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            preconditionFailure("\(type(of: self)) is not an SQL database; Hromada runs on SQLite or PostgreSQL")
        }
        return sql
    }
}
