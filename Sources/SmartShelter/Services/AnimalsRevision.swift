import Fluent
import SQLKit

/// A count the database moves on every write to the animals, their movements or their
/// photos — by triggers (migration SS028), so no writer can forget it and every server
/// sees every other's writes. A server keeps what it made of those tables (the statistics'
/// counts, the public adoption pages' animals) with the revision it read *before* reading
/// them, and trusts its copy only while the revision has not moved.
enum AnimalsRevision {
    static let table = "ss_animals_revision"
    /// The tables whose writes move it.
    static let watched = [Animal.schema, AnimalMovement.schema, AnimalPhoto.schema]

    static func read(on db: any Database) async throws -> Int64 {
        try await db.sql.raw("SELECT revision FROM \(unsafeRaw: table)").first(decoding: Row.self)?.revision ?? 0
    }

    private struct Row: Decodable { let revision: Int64 }

    /// The table, its one row, and the triggers on each watched table: per statement on
    /// PostgreSQL (a function of PL/pgSQL), per row on SQLite (it has no other kind).
    static func create(on db: any Database) async throws {
        try await db.schema(table).field("revision", .int64, .required).create()
        try await db.sql.raw("INSERT INTO \(unsafeRaw: table) (revision) VALUES (0)").run()
        let bump = "UPDATE \(table) SET revision = revision + 1"
        if db.sql.dialect.name == "postgresql" {
            try await db.sql.raw("""
                CREATE FUNCTION \(unsafeRaw: table)_bump() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN \(unsafeRaw: bump); RETURN NULL; END $$
                """).run()
            for watched in Self.watched {
                try await db.sql.raw("""
                    CREATE TRIGGER \(unsafeRaw: watched)_revision AFTER INSERT OR UPDATE OR DELETE ON \(unsafeRaw: watched)
                    FOR EACH STATEMENT EXECUTE FUNCTION \(unsafeRaw: table)_bump()
                    """).run()
            }
        } else {
            for watched in Self.watched {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    try await db.sql.raw("""
                        CREATE TRIGGER \(unsafeRaw: watched)_revision_\(unsafeRaw: event.lowercased()) AFTER \(unsafeRaw: event) ON \(unsafeRaw: watched)
                        BEGIN \(unsafeRaw: bump); END
                        """).run()
                }
            }
        }
    }

    static func drop(on db: any Database) async throws {
        if db.sql.dialect.name == "postgresql" {
            for watched in Self.watched { try await db.sql.raw("DROP TRIGGER \(unsafeRaw: watched)_revision ON \(unsafeRaw: watched)").run() }
            try await db.sql.raw("DROP FUNCTION \(unsafeRaw: table)_bump()").run()
        } else {
            for watched in Self.watched {
                for event in ["insert", "update", "delete"] { try await db.sql.raw("DROP TRIGGER \(unsafeRaw: watched)_revision_\(unsafeRaw: event)").run() }
            }
        }
        try await db.schema(table).delete()
    }
}
