import Fluent
import Kernel
import SQLKit

struct CreateNotices: AsyncMigration {
    var name: String { "movejoin.004.notices" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Notice.schema)
            .id()
            .field("account_id", .uuid, .required, .references(Account.schema, .id))
            .field("event_id", .uuid, .required, .references(SportEvent.schema, .id))
            .field("kind", .string, .required)
            .field("event_title", .string, .required)
            .field("created_at", .datetime, .required)
            .field("read_at", .datetime)
            .create()
        try await database.sql
            .raw("CREATE INDEX ix_mj_notices_account ON mj_notices (account_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Notice.schema).delete()
    }
}
