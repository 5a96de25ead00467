import Fluent
import Kernel

/// The feeds table as it first was; `MoveCalendarFeedsToKernel` moves its rows to the kernel.
struct CreateCalendarFeeds: AsyncMigration {
    var name: String { "movejoin.005.calendar-feeds" }

    func prepare(on database: any Database) async throws {
        try await database.schema("mj_calendar_feeds")
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_mj_calendar_feeds_token")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("mj_calendar_feeds").delete()
    }
}
