import Fluent
import Foundation
import FluentSQL
import SQLKit

/// Reading rows of hot paths without Fluent's per-row reflection.
///
/// Fluent decodes a row by listing the model's properties with `Mirror` for every row,
/// which the Swift runtime answers by demangling each property wrapper's generic type, a
/// large cost on hot paths (see docs/decisions/hot-paths-without-fluent-models.md). A
/// model that conforms here is filled column by column instead, and marked as stored
/// (`$id.exists = true`: the generic `_$idExists` would find the id with `Mirror` again),
/// so it can still be changed and saved like one Fluent fetched.
public protocol RowDecodable: Model {
    /// Fills a new instance from `row`; `prefix` is prepended to every column name (for joins).
    static func decode(_ row: any SQLRow, prefix: String) throws -> Self
}

extension RowDecodable {
    public static func decode(_ row: any SQLRow) throws -> Self { try decode(row, prefix: "") }
}

extension SQLRow {
    /// The value of `column`, or nil when it is NULL.
    public func optional<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try decodeNil(column: column) ? nil : decode(column: column, as: T.self)
    }
}

extension Account: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> Account {
        let account = Account(id: try row.decode(column: prefix + "id", as: UUID.self),
                              app: try row.decode(column: prefix + "app", as: String.self),
                              login: try row.decode(column: prefix + "login", as: String.self),
                              passwordHash: try row.decode(column: prefix + "password_hash", as: String.self),
                              role: try row.decode(column: prefix + "role", as: String.self),
                              displayName: try row.decode(column: prefix + "display_name", as: String.self),
                              createdAt: try row.decode(column: prefix + "created_at", as: Date.self))
        account.language = try row.optional(prefix + "language")
        account.timeZone = try row.optional(prefix + "time_zone")
        account.deactivatedAt = try row.optional(prefix + "deactivated_at")
        account.$id.exists = true
        return account
    }
}

extension RowDecodable {
    /// The row with this id, read without reflection; nil when there is none.
    public static func fetch(_ id: UUID, idColumn: String = "id", on database: any Database) async throws -> Self? {
        let sql = database.sql
        return try await sql.select().column("*").from(schema).where(SQLIdentifier(idColumn), .equal, SQLBind(id)).first()
            .map { try decode($0) }
    }
}

extension SQLRow {
    /// A stored enum value; one this code does not know is corrupt data, not a default.
    public func stored<E: RawRepresentable>(_ column: String, as type: E.Type = E.self) throws -> E where E.RawValue == String {
        let raw = try decode(column: column, as: String.self)
        guard let value = E(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(raw) is not a \(E.self)"))
        }
        return value
    }
}
