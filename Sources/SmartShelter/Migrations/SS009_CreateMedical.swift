import Fluent
import SQLKit

/// Medical records: diseases, treatments and the supplies they took from the warehouse
/// (each names its ledger row), vaccinations and regimens with their next due day.
struct CreateMedical: AsyncMigration {
    var name: String { "shelter.009.medical" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Disease.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("name", .string, .required)
            .field("symptoms", .string, .required)
            .field("started_on", .string, .required)
            .field("ended_on", .string)
            .field("actor_id", .uuid)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_diseases_days CHECK (ended_on IS NULL OR ended_on >= started_on)"))
            .create()
        try await database.sql.create(index: "ix_ss_diseases_animal").on(Disease.schema).column("animal_id").run()
        try await database.schema(Regimen.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("kind", .string, .required)
            .field("name", .string, .required)
            .field("every_days", .int)
            .field("due_on", .string)
            .field("last_given_on", .string)
            .field("actor_id", .uuid)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_regimens_every CHECK (every_days IS NULL OR every_days > 0)"))
            .create()
        // The due list reads regimens by day.
        try await database.sql.create(index: "ix_ss_regimens_due").on(Regimen.schema).column("due_on").run()
        try await database.schema(Treatment.schema)
            .id()
            .field("animal_id", .uuid, .required, .references(Animal.schema, .id))
            .field("disease_id", .uuid, .references(Disease.schema, .id))
            .field("regimen_id", .uuid, .references(Regimen.schema, .id))
            .field("kind", .string, .required)
            .field("notes", .string, .required)
            .field("given_at", .datetime, .required)
            .field("actor_id", .uuid)
            .create()
        try await database.sql.create(index: "ix_ss_treatments_animal").on(Treatment.schema).column("animal_id").column("given_at").run()
        try await database.schema(TreatmentSupply.schema)
            .id()
            .field("treatment_id", .uuid, .required, .references(Treatment.schema, .id))
            .field("item_id", .uuid, .required, .references(StockItem.schema, .id))
            .field("movement_id", .uuid, .required, .references(StockMovement.schema, .id))
            .field("amount_milli", .int64, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_ss_treatment_supplies_amount CHECK (amount_milli > 0)"))
            .create()
        try await database.sql.create(index: "ix_ss_treatment_supplies_treatment").on(TreatmentSupply.schema).column("treatment_id").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [TreatmentSupply.schema, Treatment.schema, Regimen.schema, Disease.schema] {
            try await database.schema(schema).delete()
        }
    }
}
