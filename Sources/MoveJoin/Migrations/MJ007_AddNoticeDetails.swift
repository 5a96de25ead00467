import Fluent

/// A notice may say more than its kind: what an edit changed (time, place, length, before
/// and after) or who joined or left the organiser's event (`NoticeDetail`, as JSON).
struct AddNoticeDetails: AsyncMigration {
    var name: String { "movejoin.007.notice-details" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Notice.schema).field("detail", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Notice.schema).deleteField("detail").update()
    }
}
