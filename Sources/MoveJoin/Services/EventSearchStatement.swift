import FluentPostgresDriver
import Foundation
import Kernel

/// One event found by a search, with what the page shows beside it.
struct SearchHit: Sendable {
    let event: SportEvent
    /// The viewer's own place in it, if any.
    let standing: EventService.Standing?
    /// Nil once the creator has deleted their account.
    let creator: MoveJoinProfile?
}

/// The event search as one prepared statement on PostgreSQL (see `Database.preparedRows`).
///
/// Every filter is a parameter that is NULL (or an empty list) when unused, so one plan
/// serves every search: the partial index on (city, start, id) of scheduled events is
/// walked in start order and the other filters are checked on the way, which is also
/// what the portable query in `EventService.search` does.
struct EventSearchStatement: PostgresPreparedStatement {
    static let name = "movejoin_event_search"
    static let sql = """
        SELECT e.id, e.creator_id, e.sport_type_id, e.title, e.description, e.city_id, e.venue,
               e.latitude, e.longitude, e.starts_at, e.duration_minutes, e.capacity, e.skill_level,
               e.status, e.participant_count, e.waitlist_count, e.next_queue_number, e.search_text,
               e.created_at, e.updated_at,
               mine.status, mine.queue_number,
               c.account_id, c.name, c.surname, c.city_id, c.created_at, c.updated_at
        FROM mj_events e
        LEFT JOIN mj_participations mine ON mine.event_id = e.id AND mine.account_id = $2
        LEFT JOIN mj_profiles c ON c.account_id = e.creator_id
        WHERE e.city_id = $1 AND e.status = 'scheduled' AND e.starts_at >= $3
          AND ($4::timestamptz IS NULL OR e.starts_at < $4)
          AND (cardinality($5::text[]) = 0 OR e.sport_type_id = ANY($5))
          AND ($6::text IS NULL OR e.skill_level = $6 OR e.skill_level = 'any')
          AND ($7::text IS NULL OR e.search_text LIKE $7)
          AND ($8::timestamptz IS NULL OR (e.starts_at, e.id) > ($8, $9))
        ORDER BY e.starts_at, e.id
        LIMIT $10
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .uuid, .timestamptz, .timestamptz, .textArray,
                                                        .text, .text, .timestamptz, .uuid, .int8]
    typealias Row = SearchHit

    let cityID: String
    let viewerID: UUID?
    let startsFrom: Date
    let startsBefore: Date?
    let sportTypeIDs: [String]
    let skillLevel: String?
    let likePattern: String?
    let after: PageCursor?
    let limit: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(cityID)
        bindings.append(viewerID)
        bindings.append(startsFrom)
        bindings.append(startsBefore)
        bindings.append(sportTypeIDs)
        bindings.append(skillLevel)
        bindings.append(likePattern)
        bindings.append(after?.startsAt)
        bindings.append(after?.id)
        bindings.append(limit)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> SearchHit {
        var columns = PostgresColumns(row)
        let event = SportEvent()
        event.id = try columns.next(UUID.self)
        event.creatorID = try columns.next(UUID?.self)
        event.sportTypeID = try columns.next()
        event.title = try columns.next()
        event.details = try columns.next()
        event.cityID = try columns.next()
        event.venue = try columns.next()
        event.latitude = try columns.next()
        event.longitude = try columns.next()
        event.startsAt = try columns.next()
        event.durationMinutes = try columns.next()
        event.capacity = try columns.next()
        event.skillLevel = try columns.next(SkillLevel.self)
        event.status = try columns.next(EventStatus.self)
        event.participantCount = try columns.next()
        event.waitlistCount = try columns.next()
        event.nextQueueNumber = try columns.next()
        event.searchText = try columns.next()
        event.createdAt = try columns.next()
        event.updatedAt = try columns.next()
        event.$id.exists = true

        let myStatus = try columns.next(String?.self)
        let myQueueNumber = try columns.next(Int?.self)
        var standing: EventService.Standing?
        if let myStatus, let myQueueNumber {
            guard let status = ParticipationStatus(rawValue: myStatus) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(myStatus) is not a ParticipationStatus"))
            }
            standing = .init(status: status, queueNumber: myQueueNumber)
        }

        var creator: MoveJoinProfile?
        if let creatorID = try columns.next(UUID?.self) {
            let profile = MoveJoinProfile(accountID: creatorID, name: try columns.next(), surname: try columns.next(),
                                          cityID: try columns.next(), at: try columns.next())
            profile.updatedAt = try columns.next()
            profile.$id.exists = true
            creator = profile
        }
        return SearchHit(event: event, standing: standing, creator: creator)
    }
}
