import Fluent
import Foundation
import Kernel
import SQLKit

/// Which cities each organisation serves (`ga_organisation_cities`), read and written
/// as plain rows: a pair of ids is all there is.
public enum OrganisationCities {
    public static let schema = "ga_organisation_cities"

    /// The cities of each of `organisations` (city ids, in no order).
    public static func cities(of organisations: some Collection<UUID>, on db: any Database) async throws -> [UUID: Set<String>] {
        guard !organisations.isEmpty else { return [:] }
        let rows = try await db.sql.select().column("organisation_id").column("city").from(schema)
            .where("organisation_id", .in, SQLBind.group(Array(organisations))).all()
        var cities: [UUID: Set<String>] = [:]
        for row in rows {
            cities[try row.decode(column: "organisation_id", as: UUID.self), default: []].insert(try row.decode(column: "city", as: String.self))
        }
        return cities
    }

    /// The cities at least one organisation serves: where an order can find a volunteer.
    public static func served(on db: any Database) async throws -> Set<String> {
        let rows = try await db.sql.select().distinct().column("city").from(schema).all()
        return Set(try rows.map { try $0.decode(column: "city", as: String.self) })
    }

    public static func isServed(_ city: String, on db: any Database) async throws -> Bool {
        try await db.sql.select().column("city").from(schema).where("city", .equal, SQLBind(city)).limit(1).first() != nil
    }

    public static func serves(_ organisation: UUID, city: String, on db: any Database) async throws -> Bool {
        try await cities(of: [organisation], on: db)[organisation]?.contains(city) == true
    }

    /// Replaces the organisation's cities with `cities`.
    public static func set(_ cities: Set<String>, for organisation: UUID, on db: any Database) async throws {
        try await db.sql.delete(from: schema).where("organisation_id", .equal, SQLBind(organisation)).run()
        for city in cities.sorted() {
            try await db.sql.insert(into: schema).columns("organisation_id", "city").values(SQLBind(organisation), SQLBind(city)).run()
        }
    }
}
