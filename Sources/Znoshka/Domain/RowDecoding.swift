import Foundation
import Kernel
import SQLKit

// The profile is read by column name with the account at every signed-in request
// (`ProfiledPerson`), without Fluent's reflection.
extension ZnoshkaProfile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> ZnoshkaProfile {
        let profile = ZnoshkaProfile()
        profile.id = try row.decode(column: prefix + "account_id", as: UUID.self)
        profile.examDate = try row.optional(prefix + "exam_date")
        profile.reminderMinutes = try row.optional(prefix + "reminder_minutes")
        profile.timeZoneID = try row.decode(column: prefix + "time_zone", as: String.self)
        profile.remindedOn = try row.optional(prefix + "reminded_on")
        profile.createdAt = try row.decode(column: prefix + "created_at", as: Date.self)
        profile.$id.exists = true
        return profile
    }
}
