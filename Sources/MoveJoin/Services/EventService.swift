import Fluent
import FluentPostgresDriver
import FluentSQL
import Foundation
import Kernel
import SQLKit

/// Who created an event, as events show them: plain values (a search reads twenty of
/// these, and making Fluent models of them cost more than reading the rows).
public struct EventCreator: Sendable {
    public let id: UUID
    public let name: String
    public let surname: String

    public var fullName: String { "\(name) \(surname)" }

    public init(id: UUID, name: String, surname: String) {
        self.id = id
        self.name = name
        self.surname = surname
    }

    public init(_ profile: MoveJoinProfile) {
        self.init(id: profile.id!, name: profile.name, surname: profile.surname)
    }
}

/// An event as one person sees it: with their own place in it.
public struct EventView: Sendable {
    public let event: EventRecord
    public let creator: EventCreator?
    public let myStatus: ParticipationStatus?
    /// 1-based, 0 unless waitlisted.
    public let myWaitlistPosition: Int
    /// Until when the place offered to the viewer is held (set on an event's own page).
    public var myOfferExpiresAt: Date?

    public init(event: EventRecord, creator: EventCreator?, myStatus: ParticipationStatus?, myWaitlistPosition: Int) {
        self.event = event
        self.creator = creator
        self.myStatus = myStatus
        self.myWaitlistPosition = myWaitlistPosition
    }

    public init(event: SportEvent, creator: EventCreator?, myStatus: ParticipationStatus?, myWaitlistPosition: Int) {
        self.init(event: EventRecord(event), creator: creator, myStatus: myStatus, myWaitlistPosition: myWaitlistPosition)
    }
}

/// What the event list is filtered by.
public struct EventSearch: Sendable {
    public var cityID: String
    public var sportTypeIDs: [String] = []
    public var from: Date?
    public var to: Date?
    /// Events for this level (and those open to any level); nil for all.
    public var skillLevel: SkillLevel?
    public var text: String?
    /// Where the person is: events show how far they are.
    public var near: GeoPoint?
    /// Only events with a place on the map within this many kilometres of `near`.
    public var withinKm: Double?
    /// Only events with a place on the map inside this box (the map view).
    public var bbox: BoundingBox?
    public var pageSize: Int = 20
    public var pageToken: String?

    public init(cityID: String) { self.cityID = cityID }

    public static let maxPageSize = 100

    /// The distance filter, when both a point and a radius are given.
    public var nearby: NearbyFilter? {
        guard let near, let withinKm else { return nil }
        return NearbyFilter(centre: near, radiusKm: withinKm)
    }
}

public struct EventPage: Sendable {
    public let events: [EventView]
    public let nextPageToken: String?
}

/// Creating, changing, cancelling and finding events.
public struct EventService: Sendable {
    let context: MoveJoinContext
    var db: any Database { context.db }

    /// Creates an event; its creator takes the first place.
    public func create(_ draft: EventDraft, by mover: Mover) async throws -> EventView {
        let now = context.clock.now
        let fields = try EventRules.validate(draft, now: now)
        let event = SportEvent()
        apply(fields, to: event)
        event.creatorID = mover.id
        event.status = .scheduled
        event.participantCount = 1
        event.waitlistCount = 0
        event.nextQueueNumber = 2
        event.createdAt = now
        event.updatedAt = now
        let creator = mover.id
        let participation = context.participation
        let outcome = try await db.writeTransaction { db -> ParticipationService.Outcome? in
            try await event.create(on: db)
            try await Participation(eventID: event.requireID(), accountID: creator, status: .participant, queueNumber: 1, at: now).create(on: db)
            guard event.playersNeeded > 0 else { return nil }
            let outcome = try await participation.tellFollowers(of: event, except: creator, on: db, at: now)
            try await participation.queueNews(outcome, on: db)
            return outcome
        }
        if let outcome { await participation.publish(outcome) }
        return EventView(event: event, creator: EventCreator(mover.profile), myStatus: .participant, myWaitlistPosition: 0)
    }

    /// Changes an event (its creator only, before it starts). The capacity cannot go
    /// below the people already in; a larger one takes people off the waitlist.
    /// Everyone in the event is told.
    public func update(_ eventID: UUID, with draft: EventDraft, by mover: Mover) async throws -> EventView {
        let now = context.clock.now
        let fields = try EventRules.validate(draft, now: now)
        let me = mover.id
        let participation = context.participation
        let outcome = try await db.writeTransaction { db -> ParticipationService.Outcome in
            let event = try await ParticipationService.lock(eventID, on: db)
            guard event.creatorID == me else { throw AppError.forbidden }
            try ParticipationService.requireOpen(event, now: now)
            if fields.capacity < event.participantCount {
                throw AppError.validation([FieldError(field: "capacity", key: "mj.validation.capacity_below_participants",
                                                      arguments: ["count": String(event.participantCount)])])
            }
            let before = EventRecord(event)
            apply(fields, to: event)
            event.updatedAt = now
            let detail = NoticeDetail.change(from: before, to: EventRecord(event))
            let filled = try await ParticipationService.fillFreePlaces(event, on: db, at: now)
            try await event.update(on: db)
            let told = try await ParticipationService.tell(everyoneIn: event, except: me, .eventChanged, detail: detail, on: db, at: now)
            var outcome = ParticipationService.Outcome(event: event, status: .participant, waitlistPosition: 0, promoted: filled.promoted,
                                                       told: told, change: .eventChanged, detail: detail)
            outcome.offered = filled.offered
            outcome.holdUntil = filled.holdUntil
            try await participation.queueNews(outcome, on: db)
            return outcome
        }
        await participation.publish(outcome)
        return EventView(event: outcome.event, creator: EventCreator(mover.profile), myStatus: .participant, myWaitlistPosition: 0)
    }

    /// Cancels an event (its creator only, before it starts); everyone in it is told.
    public func cancel(_ eventID: UUID, by mover: Mover) async throws -> EventView {
        let now = context.clock.now
        let me = mover.id
        let participation = context.participation
        let outcome = try await db.writeTransaction { db -> ParticipationService.Outcome in
            guard let event = try await SportEvent.find(eventID, on: db) else {
                throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found")
            }
            guard event.creatorID == me else { throw AppError.forbidden }
            return try await participation.cancelLocked(eventID, on: db, at: now)
        }
        await participation.publish(outcome)
        return EventView(event: outcome.event, creator: EventCreator(mover.profile), myStatus: .participant, myWaitlistPosition: 0)
    }

    /// One event as `viewer` sees it (any event, cancelled and past ones included).
    public func view(_ eventID: UUID, for viewer: Mover?) async throws -> EventView {
        guard let event = try await SportEvent.find(eventID, on: db) else {
            throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found")
        }
        var view = try await views([event], for: viewer)[0]
        if let viewer, view.myStatus == .offered {
            view.myOfferExpiresAt = try await ParticipationService.participation(of: viewer.id, in: eventID, on: db)?.offerExpiresAt
        }
        return view
    }

    /// People with a place (in joining order, the creator first) and the waitlist (in queue order).
    public func people(of eventID: UUID) async throws -> (participants: [MoveJoinProfile], waitlist: [MoveJoinProfile]) {
        guard try await SportEvent.find(eventID, on: db) != nil else {
            throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found")
        }
        let entries = try await Participation.query(on: db).filter(\.$eventID == eventID).sort(\.$queueNumber).all()
        let profiles = try await profilesByID(entries.map(\.accountID))
        // A place held for someone (offered) is among the places.
        func list(_ status: ParticipationStatus) -> [MoveJoinProfile] {
            entries.filter { $0.status == status }.compactMap { profiles[$0.accountID] }
        }
        return (entries.filter(\.status.holdsPlace).compactMap { profiles[$0.accountID] }, list(.waitlisted))
    }

    /// Upcoming scheduled events matching `search`, by start time, one page at a time.
    public func search(_ search: EventSearch, for viewer: Mover?) async throws -> EventPage {
        let statement = try self.statement(for: search, viewerID: viewer?.id)
        return try await page(of: try await context.eventSearches.hits(of: statement), size: statement.limit - 1)
    }

    /// The statement for `search`, its rules checked.
    func statement(for search: EventSearch, viewerID: UUID?) throws -> EventSearchStatement {
        guard City.find(search.cityID) != nil else {
            throw AppError.validation([FieldError(field: "city", key: "mj.validation.unknown_city")])
        }
        var cursor: PageCursor?
        if let token = search.pageToken {
            guard let parsed = PageCursor(token: token) else {
                throw AppError.validation([FieldError(field: "pageToken", key: "mj.validation.page_token")])
            }
            cursor = parsed
        }
        let pageSize = min(max(search.pageSize, 1), EventSearch.maxPageSize)
        let text = search.text?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let level = search.skillLevel.flatMap { $0 == .any ? nil : $0 }
        // One row more than a page tells whether there is a next page.
        return EventSearchStatement(
            cityID: search.cityID, viewerID: viewerID,
            startsFrom: max(search.from ?? context.clock.now, context.clock.now, cursor?.startsAt ?? .distantPast),
            startsBefore: search.to, sportTypeIDs: search.sportTypeIDs, skillLevel: level?.rawValue,
            likePattern: text.flatMap { $0.isEmpty ? nil : "%\(Self.escapeLike($0))%" }, after: cursor, limit: pageSize + 1,
            nearby: search.nearby, box: search.bbox)
    }

    /// The first `size` hits as a page, with the cursor of the next when there are more.
    func page(of hits: [SearchHit], size: Int) async throws -> EventPage {
        let page = Array(hits.prefix(size))
        let next = hits.count > size ? page.last.map { PageCursor(startsAt: $0.event.startsAt, id: $0.event.id).token } : nil
        return EventPage(events: try await views(of: page), nextPageToken: next)
    }

    /// The person's events still to come (places and waitlist), or the past ones and
    /// cancelled ones they took part in or created (history), newest first.
    public func mine(_ mover: Mover, history: Bool) async throws -> [EventView] {
        let now = context.clock.now
        let ids = try await Participation.query(on: db).filter(\.$accountID == mover.id).all().map(\.eventID)
        guard !ids.isEmpty else { return [] }
        var query = SportEvent.query(on: db).filter(\.$id ~~ ids)
        if history {
            query = query.group(.or) { $0.filter(\.$startsAt <= now).filter(\.$status == .cancelled) }.sort(\.$startsAt, .descending)
        } else {
            query = query.filter(\.$startsAt > now).filter(\.$status == .scheduled).sort(\.$startsAt)
        }
        return try await views(query.limit(200).all(), for: mover)
    }

    // MARK: Helpers

    func apply(_ fields: EventFields, to event: SportEvent) {
        event.sportTypeID = fields.sportType.id
        event.title = fields.title
        event.details = fields.details
        event.cityID = fields.city.id
        event.venue = fields.venue
        event.latitude = fields.latitude
        event.longitude = fields.longitude
        event.startsAt = fields.startsAt
        event.durationMinutes = fields.durationMinutes
        event.capacity = fields.capacity
        event.skillLevel = fields.skillLevel
        event.searchText = SportEvent.searchText(title: fields.title, details: fields.details, venue: fields.venue)
        // A decided game keeps its decision and the minimum it was decided by.
        if event.decision == nil {
            event.minPlayers = fields.minimum?.players
            event.decideAt = fields.minimum?.decideAt
        }
    }

    /// Where the viewer stands in one event: their status and arrival number.
    struct Standing: Sendable {
        let status: ParticipationStatus
        let queueNumber: Int
    }

    /// Adds creators and the viewer's own standing, with one query per kind of thing for
    /// any number of events.
    func views(_ events: [SportEvent], for viewer: Mover?) async throws -> [EventView] {
        let creators = try await profilesByID(events.compactMap(\.creatorID))
        var standings: [UUID: Standing] = [:]
        if let viewer, !events.isEmpty {
            let rows = try await db.sql.select().columns("event_id", "status", "queue_number").from(Participation.schema)
                .where("account_id", .equal, SQLBind(viewer.id)).where("event_id", .in, SQLBind.group(events.compactMap(\.id))).all()
            for row in rows {
                if let standing = try Self.standing(row, status: "status", queue: "queue_number") {
                    standings[try row.decode(column: "event_id", as: UUID.self)] = standing
                }
            }
        }
        return try await views(of: events.map { SearchHit(event: EventRecord($0), standing: standings[$0.id!], creator: $0.creatorID.flatMap { creators[$0] }.map(EventCreator.init)) })
    }

    /// Views of events whose creator and standing are known; a place on the waitlist is
    /// counted here (rare, so one small query each).
    func views(of hits: [SearchHit]) async throws -> [EventView] {
        var views: [EventView] = []
        views.reserveCapacity(hits.count)
        for hit in hits {
            var position = hit.waitlistPosition ?? 0
            if hit.waitlistPosition == nil, let standing = hit.standing, standing.status == .waitlisted {
                position = try await Participation.query(on: db).filter(\.$eventID == hit.event.id)
                    .filter(\.$status == .waitlisted).filter(\.$queueNumber <= standing.queueNumber).count()
            }
            views.append(EventView(event: hit.event, creator: hit.creator, myStatus: hit.standing?.status, myWaitlistPosition: position))
        }
        return views
    }

    static func standing(_ row: any SQLRow, status: String, queue: String) throws -> Standing? {
        guard let raw = try row.optional(status, as: String.self), let status = ParticipationStatus(rawValue: raw) else { return nil }
        return Standing(status: status, queueNumber: try row.decode(column: queue, as: Int.self))
    }

    func profilesByID(_ ids: [UUID]) async throws -> [UUID: MoveJoinProfile] {
        guard !ids.isEmpty else { return [:] }
        let profiles = try await db.sql.select().column("*").from(MoveJoinProfile.schema)
            .where("account_id", .in, SQLBind.group(Array(Set(ids)))).all().map { try MoveJoinProfile.decode($0) }
        return Dictionary(uniqueKeysWithValues: profiles.map { ($0.id!, $0) })
    }

    static func column(_ name: String) -> SQLColumn { SQLColumn(name, table: SportEvent.schema) }

    /// `text` as a LIKE pattern that matches it literally: `\\`, `%` and `_` escaped with a
    /// backslash, the escape character both stores name (`LIKE … ESCAPE '\\'`).
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// Where the next page of a search starts: after this start time and id.
struct PageCursor: Equatable {
    let startsAt: Date
    let id: UUID

    init(startsAt: Date, id: UUID) {
        self.startsAt = startsAt
        self.id = id
    }

    init?(token: String) {
        let parts = token.split(separator: "_")
        guard parts.count == 2, let seconds = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { return nil }
        self.startsAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.id = id
    }

    var token: String { "\(Int64(startsAt.timeIntervalSince1970))_\(id.uuidString.lowercased())" }
}
