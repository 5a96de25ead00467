import Fluent
import SQLKit

/// A count per sensor of the writes that changed its past roll-ups: a reading stored late,
/// into an hour already over (`ReadingService.isLate`). A server keeping an enclosure's
/// finished chart points in memory (`ChartCache`) reads the sum over the enclosure's
/// sensors with every chart and trusts its points only while the sum is what it was when
/// it read them, so every instance sees another's late writes.
struct AddChartRevision: AsyncMigration {
    var name: String { "shelter.015.chart_revision" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Sensor.schema).field("chart_revision", .int64, .required, .sql(.default(0))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Sensor.schema).deleteField("chart_revision").update()
    }
}
