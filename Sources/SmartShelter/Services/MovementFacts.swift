import Fluent
import Foundation
import SQLKit

/// What the statistics count of each movement, kept on it so that a range of five years is
/// one `GROUP BY` over its rows rather than a search per row: whether an intake brought
/// back an animal that had left (`came_back`), and how many days after the animal's latest
/// intake an outcome came (`stay_days`). Both follow from the animal's movements alone, so
/// they are worked out again for the animal whenever one is added (a movement may be dated
/// before another), in the writer's transaction.
enum MovementFacts {
    /// Works the facts out again for one animal's movements, or every animal's (`nil`).
    static func refresh(animal animalID: UUID?, on db: any Database) async throws {
        let m = AnimalMovement.schema
        let outcomes = StatisticsService.outcomeList
        let latestIntake = """
            SELECT max(i.on_day) FROM \(m) i
            WHERE i.animal_id = \(m).animal_id AND i.kind = 'intake' AND i.on_day <= \(m).on_day
            """
        let stay = db.sql.dialect.name == "postgresql"
            ? "(\(m).on_day::date - (\(latestIntake))::date)" : "CAST(julianday(\(m).on_day) - julianday((\(latestIntake))) AS INTEGER)"
        let cameBack = """
            \(m).kind = 'intake' AND EXISTS (
                SELECT 1 FROM \(m) p
                WHERE p.animal_id = \(m).animal_id AND p.kind IN (\(outcomes))
                  AND (p.on_day < \(m).on_day OR (p.on_day = \(m).on_day AND p.created_at < \(m).created_at)))
            """
        var update = db.sql.update(m)
            .set(SQLIdentifier("came_back"), to: SQLRaw(cameBack))
            .set(SQLIdentifier("stay_days"), to: SQLRaw("CASE WHEN \(m).kind IN (\(outcomes)) THEN \(stay) END"))
        if let animalID { update = update.where("animal_id", .equal, SQLBind(animalID)) }
        try await update.run()
    }
}
