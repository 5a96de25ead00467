import Fluent
import SQLKit

/// Volunteers are vetted: a coordinator of their organisation approves them after seeing
/// an identity document (`Profile.approvedAt`, `approvedBy`). Until then they cannot go
/// online or accept a task, which would hand them an older person's address and phone.
/// Volunteers registered before this migration were never checked by anyone, so they
/// start pending too: their coordinator approves them once.
struct AddVolunteerApproval: AsyncMigration {
    var name: String { "golden-ager.011.volunteer-approval" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        try await database.schema(Profile.schema).field("approved_at", .datetime).update()
        try await database.schema(Profile.schema).field("approved_by", .uuid).update()
        // A pending volunteer is not online: nobody unvetted stays in the city's pool.
        try await database.sql.raw("UPDATE ga_profiles SET is_online = false, online_since = NULL WHERE role = 'volunteer'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Profile.schema).deleteField("approved_at").update()
        try await database.schema(Profile.schema).deleteField("approved_by").update()
    }
}
