import Fluent
import SQLKit

/// When a volunteer went online (`Profile.onlineSince`), so that a forgotten online state
/// lapses (`ProfileService.endLapsedOnlineStates`). Volunteers online before this
/// migration count from their profile's last change.
struct AddOnlineSince: AsyncMigration {
    var name: String { "golden-ager.009.online-since" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Profile.schema).field("online_since", .datetime).update()
        try await database.sql.raw("UPDATE ga_profiles SET online_since = updated_at WHERE is_online").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Profile.schema).deleteField("online_since").update()
    }
}
