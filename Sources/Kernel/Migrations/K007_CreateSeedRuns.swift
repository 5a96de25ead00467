import Fluent
import Foundation

/// Remembers which apps' demo data has been seeded, so it is seeded once per database.
final class SeedRun: Model, @unchecked Sendable {
    static let schema = "kernel_seed_runs"

    @ID(custom: "app", generatedBy: .user) var id: String?
    @Field(key: "at") var at: Date

    init() {}

    init(app: String, at: Date) {
        self.id = app
        self.at = at
    }
}

struct CreateSeedRuns: AsyncMigration {
    var name: String { "kernel.007.seed_runs" }

    func prepare(on database: any Database) async throws {
        try await database.schema(SeedRun.schema)
            .field("app", .string, .identifier(auto: false))
            .field("at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SeedRun.schema).delete()
    }
}
