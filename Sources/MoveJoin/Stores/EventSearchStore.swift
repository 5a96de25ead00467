import Fluent
import Foundation
import Kernel
import SQLKit

/// The event search. The server picks its store once (`MoveJoinContext.eventSearches`):
/// `PortableEventSearchStore` (SQLKit) on any database, `PostgresEventSearchStore` — a
/// prepared statement, and for an API caller one that also signs them in — on PostgreSQL.
/// Both answer alike (`EventSearchStoreTests`).
protocol EventSearchStore: Sendable {
    /// The events `search` finds, by start time (its rules already checked).
    func hits(of search: EventSearchStatement) async throws -> [SearchHit]
    /// A page of upcoming events for a signed-in API caller: a 401 before any 422.
    /// `search` makes the search from the query once the caller's city (its default) is
    /// known, or from the query alone (`defaultCity` nil) when a store signs in later.
    func search(by caller: SignInCaller, _ search: @Sendable (_ defaultCity: String?) throws -> EventSearch) async throws -> EventPage
}

/// One event found by a search, with what the page shows beside it.
struct SearchHit: Sendable {
    let event: EventRecord
    /// The viewer's own place in it, if any.
    let standing: EventService.Standing?
    /// Nil once the creator has deleted their account.
    let creator: EventCreator?
    /// The viewer's place on the waitlist when read with the event (nil: not read).
    var waitlistPosition: Int? = nil
}


extension EventSearchStore {
    /// The usual sign-in (the caller's profile gives the default city), then `hits(of:)`.
    func searchAfterSignIn(by caller: SignInCaller, context: MoveJoinContext,
                           _ search: @Sendable (_ defaultCity: String?) throws -> EventSearch) async throws -> EventPage {
        let mover = try await caller.person(Mover.self, on: context.db)
        let statement = try context.sportEvents.statement(for: try search(mover.profile.cityID), viewerID: mover.id)
        return try await context.sportEvents.page(of: try await hits(of: statement), size: statement.limit - 1)
    }
}

extension MoveJoinContext {
    /// The search's store for this server's database.
    var eventSearches: any EventSearchStore {
        services.fastPath(portable: PortableEventSearchStore(context: self), postgres: PostgresEventSearchStore(context: self))
    }
}

/// The search built with SQLKit, after the usual sign-in.
struct PortableEventSearchStore: EventSearchStore {
    let context: MoveJoinContext

    func search(by caller: SignInCaller, _ search: @Sendable (_ defaultCity: String?) throws -> EventSearch) async throws -> EventPage {
        try await searchAfterSignIn(by: caller, context: context, search)
    }

    func hits(of search: EventSearchStatement) async throws -> [SearchHit] {
        let sql = context.db.sql
        var query = sql.select().column(SQLColumn(SQLLiteral.all, table: SQLIdentifier(SportEvent.schema))).from(SportEvent.schema)
        // The creator's profile and the viewer's own standing come in the same query.
        for column in ["account_id", "name", "surname", "city_id", "created_at", "updated_at"] {
            query = query.column(SQLColumn(column, table: "creator"), as: "creator_" + column)
        }
        query = query.join(SQLAlias(SQLIdentifier(MoveJoinProfile.schema), as: SQLIdentifier("creator")), method: SQLJoinMethod.left,
                           on: SQLColumn("account_id", table: "creator"), .equal, EventService.column("creator_id"))
        if let viewerID = search.viewerID {
            query = query.column(SQLColumn("status", table: "mine"), as: "my_status")
                .column(SQLColumn("queue_number", table: "mine"), as: "my_queue_number")
                .join(SQLAlias(SQLIdentifier(Participation.schema), as: SQLIdentifier("mine")), method: SQLJoinMethod.left,
                      on: SQLBinaryExpression(SQLBinaryExpression(SQLColumn("event_id", table: "mine"), .equal, EventService.column("id")),
                                              .and, SQLBinaryExpression(SQLColumn("account_id", table: "mine"), .equal, SQLBind(viewerID))))
        }
        query = query
            .where(EventService.column("city_id"), .equal, SQLBind(search.cityID))
            .where(EventService.column("status"), .equal, SQLBind(EventStatus.scheduled.rawValue))
            .where(EventService.column("starts_at"), .greaterThanOrEqual, SQLBind(search.startsFrom))
        if let before = search.startsBefore { query = query.where(EventService.column("starts_at"), .lessThan, SQLBind(before)) }
        if !search.sportTypeIDs.isEmpty { query = query.where(EventService.column("sport_type_id"), .in, SQLBind.group(search.sportTypeIDs)) }
        if let level = search.skillLevel {
            query = query.where(EventService.column("skill_level"), .in, SQLBind.group([level, SkillLevel.any.rawValue]))
        }
        if let pattern = search.likePattern { query = query.where(SQLQueryString("mj_events.search_text LIKE \(bind: pattern) ESCAPE '\\'")) }
        if let nearby = search.nearby {
            // The same arithmetic as the PostgreSQL statement's (`NearbyFilter`).
            query = query.where(SQLQueryString("""
                (mj_events.latitude IS NOT NULL AND mj_events.longitude IS NOT NULL \
                AND (mj_events.latitude - \(bind: nearby.centre.latitude)) * (mj_events.latitude - \(bind: nearby.centre.latitude)) \
                * \(bind: NearbyFilter.latitudeScale2) \
                + (mj_events.longitude - \(bind: nearby.centre.longitude)) * (mj_events.longitude - \(bind: nearby.centre.longitude)) \
                * \(bind: nearby.longitudeScale2) <= \(bind: nearby.radius2))
                """))
        }
        if let box = search.box {
            query = query.where(EventService.column("longitude"), .greaterThanOrEqual, SQLBind(box.west))
                .where(EventService.column("longitude"), .lessThanOrEqual, SQLBind(box.east))
                .where(EventService.column("latitude"), .greaterThanOrEqual, SQLBind(box.south))
                .where(EventService.column("latitude"), .lessThanOrEqual, SQLBind(box.north))
        }
        if let after = search.after {
            query = query.where(SQLQueryString("(mj_events.starts_at, mj_events.id) > (\(bind: after.startsAt), \(bind: after.id))"))
        }
        let rows = try await query.orderBy(EventService.column("starts_at")).orderBy(EventService.column("id")).limit(search.limit).all()
        return try rows.map { row in
            let creator = try row.decodeNil(column: "creator_account_id") ? nil : EventCreator(try MoveJoinProfile.decode(row, prefix: "creator_"))
            let standing = search.viewerID == nil ? nil : try EventService.standing(row, status: "my_status", queue: "my_queue_number")
            return SearchHit(event: EventRecord(try SportEvent.decode(row)), standing: standing, creator: creator)
        }
    }
}
