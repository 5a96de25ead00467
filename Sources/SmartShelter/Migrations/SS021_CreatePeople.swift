import Fluent
import SQLKit

/// People records: adopters, fosterers, owners, finders; found again by phone or e-mail.
struct CreatePeople: AsyncMigration {
    var name: String { "shelter.021.people" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ShelterPerson.schema)
            .id()
            .field("name", .string, .required)
            .field("phone", .string, .required)
            .field("email", .string, .required)
            .field("kind", .string, .required)
            .field("notes", .string, .required)
            .field("do_not_adopt", .bool, .required)
            .field("do_not_adopt_reason", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_ss_people_phone").on(ShelterPerson.schema).column("phone").run()
        try await database.sql.create(index: "ix_ss_people_email").on(ShelterPerson.schema).column("email").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ShelterPerson.schema).delete()
    }
}
