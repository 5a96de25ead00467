import Fluent
import Kernel
import SQLKit

/// Calendar-feed secrets moved to the kernel (`kernel_calendar_feeds`), which Fuctivity
/// uses too; existing feeds keep working.
struct MoveCalendarFeedsToKernel: AsyncMigration {
    var name: String { "movejoin.006.calendar-feeds-to-kernel" }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("""
            INSERT INTO kernel_calendar_feeds (account_id, token_hash, created_at)
            SELECT account_id, token_hash, created_at FROM mj_calendar_feeds
            """).run()
        try await database.schema("mj_calendar_feeds").delete()
    }

    func revert(on database: any Database) async throws {
        try await CreateCalendarFeeds().prepare(on: database)
        let sql = database.sql
        try await sql.raw("""
            INSERT INTO mj_calendar_feeds (account_id, token_hash, created_at)
            SELECT f.account_id, f.token_hash, f.created_at FROM kernel_calendar_feeds f
            JOIN kernel_accounts a ON a.id = f.account_id WHERE a.app = 'movejoin'
            """).run()
        try await sql.raw("""
            DELETE FROM kernel_calendar_feeds
            WHERE account_id IN (SELECT id FROM kernel_accounts WHERE app = 'movejoin')
            """).run()
    }
}
