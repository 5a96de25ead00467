import Fluent
import Foundation
import Kernel
import SQLKit

// The rows every signed-in request and the event pages read, filled column by column
// instead of through Fluent's reflection (see Kernel's `RowDecodable`).

extension MoveJoinProfile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> MoveJoinProfile {
        let profile = MoveJoinProfile(accountID: try row.decode(column: prefix + "account_id", as: UUID.self),
                                      name: try row.decode(column: prefix + "name", as: String.self),
                                      surname: try row.decode(column: prefix + "surname", as: String.self),
                                      cityID: try row.decode(column: prefix + "city_id", as: String.self),
                                      at: try row.decode(column: prefix + "created_at", as: Date.self))
        profile.updatedAt = try row.decode(column: prefix + "updated_at", as: Date.self)
        profile.$id.exists = true
        return profile
    }
}

extension SportEvent: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> SportEvent {
        func column<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T { try row.decode(column: prefix + name, as: T.self) }
        let event = SportEvent()
        event.id = try column("id")
        event.creatorID = try row.optional(prefix + "creator_id")
        event.sportTypeID = try column("sport_type_id")
        event.title = try column("title")
        event.details = try column("description")
        event.cityID = try column("city_id")
        event.venue = try column("venue")
        event.latitude = try row.optional(prefix + "latitude")
        event.longitude = try row.optional(prefix + "longitude")
        event.startsAt = try column("starts_at")
        event.durationMinutes = try column("duration_minutes")
        event.capacity = try column("capacity")
        event.skillLevel = try row.stored(prefix + "skill_level")
        event.status = try row.stored(prefix + "status")
        event.participantCount = try column("participant_count")
        event.waitlistCount = try column("waitlist_count")
        event.nextQueueNumber = try column("next_queue_number")
        event.searchText = try column("search_text")
        event.minPlayers = try row.optional(prefix + "min_players")
        event.decideAt = try row.optional(prefix + "decide_at")
        event.decisionValue = try row.optional(prefix + "decision")
        event.createdAt = try column("created_at")
        event.updatedAt = try column("updated_at")
        event.$id.exists = true
        return event
    }
}
