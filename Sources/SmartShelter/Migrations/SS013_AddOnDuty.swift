import Fluent
import SQLKit

/// Who is on duty: alarms go to them (to every director and doctor when nobody is).
struct AddOnDuty: AsyncMigration {
    var name: String { "shelter.013.on_duty" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ShelterProfile.schema).field("on_duty", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ShelterProfile.schema).deleteField("on_duty").update()
    }
}
