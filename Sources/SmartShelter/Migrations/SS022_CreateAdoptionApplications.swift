import Fluent
import SQLKit

/// Applications to adopt. One pending application per animal and e-mail address (a
/// second press of «Надіслати» is not a second application): a partial unique index,
/// which both SQLite and PostgreSQL keep.
struct CreateAdoptionApplications: AsyncMigration {
    var name: String { "shelter.022.adoption_applications" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AdoptionApplication.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("name", .string, .required)
            .field("phone", .string, .required)
            .field("email", .string, .required)
            .field("home", .string, .required)
            .field("language", .string, .required)
            .field("status", .string, .required)
            .field("staff_notes", .string, .required)
            .field("reason", .string, .required)
            .field("home_visit_task_id", .uuid, .references(StaffTask.schema, .id))
            .field("person_id", .uuid, .references(ShelterPerson.schema, .id))
            .field("decided_by", .uuid)
            .field("decided_at", .datetime)
            .field("data_removed_at", .datetime)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_applications_status CHECK (status IN ('pending', 'approved', 'rejected'))"))
            .create()
        try await database.sql.raw("""
            CREATE UNIQUE INDEX uq_ss_applications_pending ON ss_adoption_applications (animal_id, email) WHERE status = 'pending'
            """).run()
        try await database.sql.create(index: "ix_ss_applications_status").on(AdoptionApplication.schema).column("status").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AdoptionApplication.schema).delete()
    }
}
