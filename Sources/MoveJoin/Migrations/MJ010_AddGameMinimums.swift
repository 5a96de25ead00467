import Fluent
import Kernel
import SQLKit

/// A game may need a minimum number of players by a decision time, when it is confirmed
/// or called off by itself; people follow sports in their city to hear of games that
/// need players.
struct AddGameMinimums: AsyncMigration {
    var name: String { "movejoin.010.game-minimums" }

    func prepare(on database: any Database) async throws {
        try await database.schema(SportEvent.schema).field("min_players", .int).update()
        try await database.schema(SportEvent.schema).field("decide_at", .datetime).update()
        try await database.schema(SportEvent.schema).field("decision", .string).update()
        // The decision job's look-up: undecided games whose time has come.
        try await database.sql.raw("""
            CREATE INDEX ix_mj_events_decide_at ON mj_events (decide_at) WHERE decide_at IS NOT NULL AND decision IS NULL
            """).run()
        try await database.schema(SportFollow.schema)
            .id()
            .field("account_id", .uuid, .required, .references(Account.schema, .id, onDelete: .cascade))
            .field("sport_type_id", .string, .required)
            .unique(on: "account_id", "sport_type_id", name: "uq_mj_sport_follows")
            .create()
        try await database.sql.create(index: "ix_mj_sport_follows_sport").on(SportFollow.schema).column("sport_type_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SportFollow.schema).delete()
        try await database.sql.raw("DROP INDEX ix_mj_events_decide_at").run()
        for field in ["decision", "decide_at", "min_players"] {
            try await database.schema(SportEvent.schema).deleteField(.string(field)).update()
        }
    }
}
