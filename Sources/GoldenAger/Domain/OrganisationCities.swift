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
