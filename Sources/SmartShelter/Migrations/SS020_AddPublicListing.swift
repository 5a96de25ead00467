import Fluent
import SQLKit

/// Whether an animal is shown on the public adoption pages (a staff decision, off until
/// someone turns it on) and the short text written for the public, apart from the staff's
/// own description (which may say things not meant for strangers).
struct AddPublicListing: AsyncMigration {
    var name: String { "shelter.020.public_listing" }

    func prepare(on database: any Database) async throws {
        // One column per update: SQLite's ALTER TABLE adds one at a time.
        try await database.schema(Animal.schema).field("listed", .bool, .required, .sql(.default(false))).update()
        try await database.schema(Animal.schema).field("public_description", .string, .required, .sql(.default(""))).update()
        // The public list reads only listed animals that are here.
        try await database.sql.create(index: "ix_ss_animals_listed").on(Animal.schema).column("listed").column("status").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "ix_ss_animals_listed").run()
        try await database.schema(Animal.schema).deleteField("public_description").update()
        try await database.schema(Animal.schema).deleteField("listed").update()
    }
}
