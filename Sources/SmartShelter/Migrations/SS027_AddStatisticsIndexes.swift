import Fluent
import SQLKit

/// The statistics' reads (`StatisticsService`): movements by day over a range, each
/// outcome's latest intake before it (and whether an intake came after an outcome), and the
/// animals here today — over five years of movements without reading them all.
struct AddStatisticsIndexes: AsyncMigration {
    var name: String { "shelter.027.statistics_indexes" }

    func prepare(on database: any Database) async throws {
        try await database.sql.create(index: "ix_ss_animal_movements_day").on(AnimalMovement.schema).column("on_day").run()
        try await database.sql.create(index: "ix_ss_animal_movements_animal_kind_day").on(AnimalMovement.schema)
            .column("animal_id").column("kind").column("on_day").run()
        try await database.sql.create(index: "ix_ss_animals_status").on(Animal.schema).column("status").run()
    }

    func revert(on database: any Database) async throws {
        for index in ["ix_ss_animal_movements_day", "ix_ss_animal_movements_animal_kind_day", "ix_ss_animals_status"] {
            try await database.sql.drop(index: index).run()
        }
    }
}
