import Fluent
import Kernel

/// How each person wants their news, per topic, by push and by e-mail (`NoticeSettings`).
struct CreateNoticeSettings: AsyncMigration {
    var name: String { "movejoin.008.notice-settings" }

    func prepare(on database: any Database) async throws {
        try await database.schema(NoticeSettings.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id, onDelete: .cascade))
            .field("push_topics", .string, .required)
            .field("mail_topics", .string, .required)
            .field("updated_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NoticeSettings.schema).delete()
    }
}
