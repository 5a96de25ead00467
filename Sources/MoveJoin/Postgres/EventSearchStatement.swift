import FluentPostgresDriver
import Foundation
import Kernel

/// The event search as one prepared statement on PostgreSQL (`PostgresEventSearchStore`);
/// its fields are the search's rules checked (`EventService.statement(for:viewerID:)`),
/// which the portable store reads too (`PortableEventSearchStore`).
///
/// Every filter is a parameter that is NULL (or an empty list) when unused, so one plan
/// serves every search: the partial index on (city, start, id) of scheduled events is
/// walked in start order and the other filters are checked on the way, which is also
/// what the portable query does.
struct EventSearchStatement: PostgresPreparedStatement {
    static let name = "movejoin_event_search"
    static let sql = search(viewer: "$2", parameters: ([1] + Array(3...14)).map { "$\($0)" })

    /// The search, its viewer an SQL expression and its other parameters named in the order
    /// city, earliest start, start before, sport types, skill level, text pattern, the
    /// cursor's start and id, limit, and the distance filter's centre (latitude,
    /// longitude), longitude scale² and radius² (`NearbyFilter`; latitude's scale² is a
    /// constant). The viewer's place on the waitlist comes with each event.
    static func search(viewer: String, parameters p: [String]) -> String {
        """
        \(columns)
        FROM mj_events e
        \(joins(viewer: viewer))
        WHERE \(filters(p))
        ORDER BY e.starts_at, e.id
        LIMIT \(p[8])
        """
    }

    /// What a hit reads: the event, the viewer's standing, the creator (`hit`).
    static let columns = """
        SELECT e.id, e.creator_id, e.sport_type_id, e.title, e.description, e.city_id, e.venue,
               e.latitude, e.longitude, e.starts_at, e.duration_minutes, e.capacity, e.skill_level,
               e.status, e.participant_count, e.waitlist_count,
               e.created_at, e.updated_at, e.min_players, e.decide_at, e.decision,
               mine.status, mine.queue_number,
               CASE WHEN mine.status = 'waitlisted' THEN (
                   SELECT count(*) FROM mj_participations w
                   WHERE w.event_id = e.id AND w.status = 'waitlisted' AND w.queue_number <= mine.queue_number) END,
               c.account_id, c.name, c.surname, c.city_id, c.created_at, c.updated_at
        """

    static func joins(viewer: String) -> String {
        """
        LEFT JOIN mj_participations mine ON mine.event_id = e.id AND mine.account_id = \(viewer)
        LEFT JOIN mj_profiles c ON c.account_id = e.creator_id
        """
    }

    /// The search's conditions on `e`, the parameters as `search(viewer:parameters:)` names them.
    ///
    /// Each optional filter is `CASE WHEN <unused> THEN true ELSE <filter> END`, not
    /// `<unused> OR <filter>`: planning the prepared statement once for any parameters, the
    /// planner takes every `$n IS NULL OR …` for a rare match, expects the city's index to
    /// yield a page only after thousands of rows, and sorts all of the city's upcoming events
    /// instead (1 s a search over a million events, measured 2026-11-29: 2 searches a second).
    /// It leaves a `CASE` at its default estimate and walks the index in start order.
    /// The page cursor's start is in `e.starts_at >= …` as well (`EventService.statement`),
    /// so a later page starts in the index where the last one ended.
    static func filters(_ p: [String]) -> String {
        "\(cityFrom(p)) AND \(optional(p))"
    }

    /// The index's part of the search: the city's scheduled events from a start on.
    static func cityFrom(_ p: [String]) -> String {
        "e.city_id = \(p[0]) AND e.status = 'scheduled' AND e.starts_at >= \(p[1])"
    }

    /// The filters a person may add.
    static func optional(_ p: [String]) -> String {
        """
        CASE WHEN \(p[2])::timestamptz IS NULL THEN true ELSE e.starts_at < \(p[2]) END
          AND CASE WHEN cardinality(\(p[3])::text[]) = 0 THEN true ELSE e.sport_type_id = ANY(\(p[3])) END
          AND CASE WHEN \(p[4])::text IS NULL THEN true ELSE e.skill_level = \(p[4]) OR e.skill_level = 'any' END
          AND CASE WHEN \(p[5])::text IS NULL THEN true ELSE e.search_text LIKE \(p[5]) ESCAPE '\\' END
          AND CASE WHEN \(p[6])::timestamptz IS NULL THEN true ELSE (e.starts_at, e.id) > (\(p[6]), \(p[7])) END
          AND CASE WHEN \(p[9])::float8 IS NULL THEN true ELSE e.latitude IS NOT NULL AND e.longitude IS NOT NULL
               AND (e.latitude - \(p[9])) * (e.latitude - \(p[9])) * \(NearbyFilter.latitudeScale2)
                 + (e.longitude - \(p[10])) * (e.longitude - \(p[10])) * \(p[11]) <= \(p[12]) END
        """
    }

    static let bindingDataTypes: [PostgresDataType] = [.text, .uuid, .timestamptz, .timestamptz, .textArray,
                                                        .text, .text, .timestamptz, .uuid, .int8] + nearbyDataTypes
    static let nearbyDataTypes: [PostgresDataType] = [.float8, .float8, .float8, .float8]
    static let boxDataTypes: [PostgresDataType] = [.float8, .float8, .float8, .float8]
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
    let nearby: NearbyFilter?
    /// The map's box: searched with `EventBoxSearchStatement`.
    var box: BoundingBox? = nil

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 14)
        bindings.append(cityID)
        bindings.append(viewerID)
        appendFilters(to: &bindings)
        return bindings
    }

    /// The parameters after the city and the viewer, in `search(viewer:parameters:)`'s order.
    func appendFilters(to bindings: inout PostgresBindings) {
        bindings.append(startsFrom)
        bindings.append(startsBefore)
        bindings.append(sportTypeIDs)
        bindings.append(skillLevel)
        bindings.append(likePattern)
        bindings.append(after?.startsAt)
        bindings.append(after?.id)
        bindings.append(limit)
        bindings.append(nearby?.centre.latitude)
        bindings.append(nearby?.centre.longitude)
        bindings.append(nearby?.longitudeScale2)
        bindings.append(nearby?.radius2)
    }

    func decodeRow(_ row: PostgresRow) throws -> SearchHit {
        var columns = Kernel.PostgresColumns(row)
        return try Self.hit(&columns, id: try columns.next(UUID.self))
    }

    /// Reads a hit's columns after its id.
    static func hit(_ columns: inout Kernel.PostgresColumns, id: UUID) throws -> SearchHit {
        let event = EventRecord(
            id: id, creatorID: try columns.next(), sportTypeID: try columns.next(), title: try columns.next(),
            details: try columns.next(), cityID: try columns.next(), venue: try columns.next(), latitude: try columns.next(),
            longitude: try columns.next(), startsAt: try columns.next(), durationMinutes: try columns.next(),
            capacity: try columns.next(), skillLevel: try columns.next(SkillLevel.self), status: try columns.next(EventStatus.self),
            participantCount: try columns.next(), waitlistCount: try columns.next(),
            createdAt: try columns.next(), updatedAt: try columns.next(), minPlayers: try columns.next(Int?.self),
            decideAt: try columns.next(Date?.self), decision: try columns.next(String?.self).flatMap(GameDecision.init(rawValue:)))

        let myStatus = try columns.next(String?.self)
        let myQueueNumber = try columns.next(Int?.self)
        let waitlistPosition = try columns.next(Int?.self)
        var standing: EventService.Standing?
        if let myStatus, let myQueueNumber {
            guard let status = ParticipationStatus(rawValue: myStatus) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(myStatus) is not a ParticipationStatus"))
            }
            standing = .init(status: status, queueNumber: myQueueNumber)
        }

        var creator: EventCreator?
        if let creatorID = try columns.next(UUID?.self) {
            creator = EventCreator(id: creatorID, name: try columns.next(), surname: try columns.next())
            columns.skip(3)  // the profile's city and times
        }
        return SearchHit(event: event, standing: standing, creator: creator, waitlistPosition: waitlistPosition ?? (standing == nil ? nil : 0))
    }
}

/// The map's search (a search with a `box`): of the city's next `window` upcoming events,
/// those with a place inside the box that match the other filters, soonest first.
///
/// Why the window: the planner cannot know that a city's events lie within the city's
/// map (latitude and longitude correlate with the city), so for a box it expects a
/// handful of matches and sorts every upcoming event of the city (44,000 for Kyiv in the
/// benchmark's million: 100 ms) instead of walking the city's index in start order until
/// the page is full (a city's map: about 150 rows). The inner query has the index's
/// conditions only, so the planner knows it yields 2,000 rows long before the city's
/// events run out and walks the index; its `LIMIT` bounds the walk for a box with few
/// events. The other filters and the box apply outside, as the rows come.
struct EventBoxSearchStatement: PostgresPreparedStatement {
    static let name = "movejoin_event_box_search"
    static let window = 2000
    static let sql: String = {
        let p = ([1] + Array(3...14)).map { "$\($0)" }
        return """
            \(EventSearchStatement.columns)
            FROM (SELECT * FROM mj_events e WHERE \(EventSearchStatement.cityFrom(p))
                  ORDER BY e.starts_at, e.id LIMIT \(window)) e
            \(EventSearchStatement.joins(viewer: "$2"))
            WHERE e.longitude BETWEEN $15 AND $17 AND e.latitude BETWEEN $16 AND $18
              AND \(EventSearchStatement.optional(p))
            ORDER BY e.starts_at, e.id
            LIMIT \(p[8])
            """
    }()
    static let bindingDataTypes = EventSearchStatement.bindingDataTypes + [.float8, .float8, .float8, .float8]
    typealias Row = SearchHit

    let search: EventSearchStatement
    let box: BoundingBox

    func makeBindings() throws -> PostgresBindings {
        var bindings = try search.makeBindings()
        bindings.append(box.west)
        bindings.append(box.south)
        bindings.append(box.east)
        bindings.append(box.north)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> SearchHit {
        try search.decodeRow(row)
    }
}
