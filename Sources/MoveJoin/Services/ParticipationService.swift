import Fluent
import FluentSQL
import Foundation
import Kernel
import SQLKit

/// Joining, leaving and the waitlist. Every change to an event's people happens in one
/// transaction holding the event's row lock (`SELECT … FOR UPDATE` on PostgreSQL; on
/// SQLite the write transaction holds the database's write lock), so concurrent joins
/// are served one at a time in arrival order and the counts never pass the capacity.
public struct ParticipationService: Sendable {
    /// What a change did, for the answer and for the live events sent after commit.
    public struct Outcome: Sendable {
        public let event: SportEvent
        public let status: ParticipationStatus?
        /// 1-based place in the waitlist, when waitlisted.
        public let waitlistPosition: Int
        /// People moved from the waitlist to a place.
        public let promoted: [UUID]
        /// People offered a freed place, and until when it is held for them.
        public var offered: [UUID] = []
        public var holdUntil: Date? = nil
        /// People told about the change (notices written in the same transaction).
        public let told: [UUID]
        /// What those of `told` who were not promoted were told (cancelled, changed).
        public var change: NoticeKind? = nil
        /// What an edit changed, when `change` is one.
        public var detail: NoticeDetail? = nil
        /// The organiser, told that someone joined or left, and what they were told.
        public var organiser: (id: UUID, kind: NoticeKind, detail: NoticeDetail)? = nil
    }

    let context: MoveJoinContext
    var db: any Database { context.db }

    /// Takes a place, or the next place in the waitlist when the event is full.
    public func join(eventID: UUID, by mover: Mover) async throws -> Outcome {
        let now = context.clock.now
        let accountID = mover.id
        let outcome: Outcome
        do {
            outcome = try await db.writeTransaction { db in
                let event = try await Self.lock(eventID, on: db)
                try Self.requireOpen(event, now: now)
                if try await Self.participation(of: accountID, in: eventID, on: db) != nil {
                    throw AppError.conflict(code: "already_joined", key: "mj.join.already")
                }
                let status: ParticipationStatus = event.isFull ? .waitlisted : .participant
                try await Participation(eventID: eventID, accountID: accountID, status: status,
                                        queueNumber: event.nextQueueNumber, at: now).create(on: db)
                if status == .participant { event.participantCount += 1 } else { event.waitlistCount += 1 }
                event.nextQueueNumber += 1
                try await Self.saveCounts(event, on: db)
                var outcome = Outcome(event: event, status: status, waitlistPosition: status == .waitlisted ? event.waitlistCount : 0,
                                      promoted: [], told: [])
                outcome.organiser = try await Self.tellOrganiser(of: event, status == .participant ? .personJoined : .personWaitlisted,
                                                                 person: mover, on: db, at: now)
                try await queueNews(outcome, on: db)
                return outcome
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The unique index caught a double join that raced past the check.
            throw AppError.conflict(code: "already_joined", key: "mj.join.already")
        }
        await publish(outcome)
        return outcome
    }

    /// Gives up a place (the first in the waitlist gets it) or a place in the waitlist.
    /// The creator cannot leave their own event; they cancel it instead.
    public func leave(eventID: UUID, by mover: Mover) async throws -> Outcome {
        let now = context.clock.now
        let accountID = mover.id
        let outcome = try await db.writeTransaction { db in
            let event = try await Self.lock(eventID, on: db)
            try Self.requireOpen(event, now: now)
            guard let mine = try await Self.participation(of: accountID, in: eventID, on: db) else {
                throw AppError.conflict(code: "not_joined", key: "mj.leave.not_joined")
            }
            if event.creatorID == accountID {
                throw AppError.conflict(code: "creator_cannot_leave", key: "mj.leave.creator")
            }
            var outcome = try await Self.remove(mine, from: event, on: db, at: now)
            outcome.organiser = try await Self.tellOrganiser(of: event, .personLeft, person: mover, on: db, at: now)
            try await queueNews(outcome, on: db)
            return outcome
        }
        await publish(outcome)
        return outcome
    }

    /// Cancels an event whose row this transaction may lock; everyone in it but the creator is told.
    func cancelLocked(_ eventID: UUID, on db: any Database, at now: Date) async throws -> Outcome {
        let event = try await Self.lock(eventID, on: db)
        guard event.status == .scheduled else { throw AppError.conflict(code: "event_cancelled", key: "mj.event.cancelled") }
        guard event.startsAt > now else { throw AppError.conflict(code: "event_started", key: "mj.event.started") }
        event.status = .cancelled
        event.updatedAt = now
        try await db.sql.update(SportEvent.schema)
            .set("status", to: SQLBind(EventStatus.cancelled.rawValue)).set("updated_at", to: SQLBind(now))
            .where("id", .equal, SQLBind(eventID)).run()
        let told = try await Self.tell(everyoneIn: event, except: event.creatorID, .eventCancelled, on: db, at: now)
        let outcome = Outcome(event: event, status: nil, waitlistPosition: 0, promoted: [], told: told, change: .eventCancelled)
        try await queueNews(outcome, on: db)
        return outcome
    }

    /// Takes a person out of an event (their account is being deleted), moving the
    /// waitlist up if the event is still to come. Nil when they were not in it.
    func removeLocked(_ accountID: UUID, from eventID: UUID, on db: any Database, at now: Date) async throws -> Outcome? {
        let event = try await Self.lock(eventID, on: db)
        guard let entry = try await Self.participation(of: accountID, in: eventID, on: db) else { return nil }
        let outcome = try await Self.remove(entry, from: event, on: db, at: now)
        try await queueNews(outcome, on: db)
        return outcome
    }

    /// How long before the start a freed place stops going straight to the first in line
    /// and is offered instead: a day. Someone who queued for a game days ago may no longer
    /// be free for it, and should not learn on the pitch that they were expected.
    static let offerWindow: TimeInterval = 24 * 3600
    /// An offer holds the place this long ...
    static let offerHold: TimeInterval = 30 * 60
    /// ... but never later than this before the start, so the next in line still has time.
    static let offerCutoff: TimeInterval = 3600

    /// Until when a place freed `now` is held for the first in line; nil when it goes to
    /// them outright: more than a day before the start, or within the last hour (no time
    /// left to ask).
    static func hold(for event: some EventFacts, now: Date) -> Date? {
        guard event.startsAt.timeIntervalSince(now) <= offerWindow else { return nil }
        let until = min(now.addingTimeInterval(offerHold), event.startsAt.addingTimeInterval(-offerCutoff))
        return until > now ? until : nil
    }

    /// Who a filling moved up and who it offered a place to.
    struct Filled {
        var promoted: [UUID] = []
        var offered: [UUID] = []
        var holdUntil: Date?
    }

    /// Fills free places from the waitlist, first come first served (after someone left or
    /// an edit raised the capacity): outright, or as an offer with a hold within a day of
    /// the start (`hold`). An offered place counts as taken until it is answered.
    static func fillFreePlaces(_ event: SportEvent, on db: any Database, at now: Date) async throws -> Filled {
        let free = event.capacity - event.participantCount
        guard free > 0, event.waitlistCount > 0, event.status == .scheduled, event.startsAt > now else { return Filled() }
        let next = try await Participation.query(on: db).filter(\.$eventID == event.requireID())
            .filter(\.$status == .waitlisted).sort(\.$queueNumber).limit(free).all()
        let hold = hold(for: event, now: now)
        var filled = Filled(holdUntil: hold)
        for entry in next {
            if let hold {
                entry.status = .offered
                entry.offerExpiresAt = hold
                filled.offered.append(entry.accountID)
            } else {
                entry.status = .participant
                entry.promotedAt = now
                filled.promoted.append(entry.accountID)
            }
            try await entry.save(on: db)
            let detail = hold.map { NoticeDetail(timeZone: event.city?.timeZone.identifier, holdUntil: $0) }
            try await Notice(accountID: entry.accountID, eventID: event.requireID(), kind: hold == nil ? .promoted : .offered,
                             eventTitle: event.title, detail: detail, at: now).create(on: db)
        }
        event.participantCount += next.count
        event.waitlistCount -= next.count
        return filled
    }

    /// Takes the place held for `mover`, while the hold lasts; the row lock decides
    /// against a hold running out at the same moment (`passLapsedOffers`), so the place
    /// is given once.
    public func acceptOffer(eventID: UUID, by mover: Mover) async throws -> Outcome {
        let now = context.clock.now
        let outcome = try await db.writeTransaction { db in
            let event = try await Self.lock(eventID, on: db)
            try Self.requireOpen(event, now: now)
            guard let mine = try await Self.participation(of: mover.id, in: eventID, on: db), mine.status == .offered,
                  let until = mine.offerExpiresAt, now < until else {
                throw AppError.conflict(code: "no_offer", key: "mj.offer.gone")
            }
            mine.status = .participant
            mine.promotedAt = now
            mine.offerExpiresAt = nil
            try await mine.save(on: db)
            var outcome = Outcome(event: event, status: .participant, waitlistPosition: 0, promoted: [], told: [])
            outcome.organiser = try await Self.tellOrganiser(of: event, .personJoined, person: mover, on: db, at: now)
            try await queueNews(outcome, on: db)
            return outcome
        }
        await publish(outcome)
        return outcome
    }

    /// Passes every place whose hold has run out by `now` to the next in line; the one
    /// who did not answer leaves the event and is told. Safe on several servers at once:
    /// each event is looked at again under its row lock.
    public func passLapsedOffers(at now: Date? = nil) async throws {
        let now = now ?? context.clock.now
        let due = try await Participation.query(on: db).filter(\.$status == .offered).filter(\.$offerExpiresAt <= now)
            .sort(\.$offerExpiresAt).limit(500).all()
        for eventID in Set(due.map(\.eventID)).sorted(by: { $0.uuidString < $1.uuidString }) {
            let outcome = try await db.writeTransaction { db -> Outcome? in
                let event = try await Self.lock(eventID, on: db)
                let lapsed = try await Participation.query(on: db).filter(\.$eventID == eventID).filter(\.$status == .offered)
                    .filter(\.$offerExpiresAt <= now).all()
                guard !lapsed.isEmpty else { return nil }
                for entry in lapsed {
                    try await entry.delete(on: db)
                    try await Notice(accountID: entry.accountID, eventID: eventID, kind: .offerLapsed, eventTitle: event.title, at: now).create(on: db)
                }
                event.participantCount -= lapsed.count
                let filled = try await Self.fillFreePlaces(event, on: db, at: now)
                try await Self.saveCounts(event, on: db)
                var outcome = Outcome(event: event, status: nil, waitlistPosition: 0, promoted: filled.promoted, told: lapsed.map(\.accountID),
                                      change: .offerLapsed)
                outcome.offered = filled.offered
                outcome.holdUntil = filled.holdUntil
                try await queueNews(outcome, on: db)
                return outcome
            }
            if let outcome { await publish(outcome) }
        }
    }

    /// Tells the people who follow the event's sport in its city (but its organiser) that
    /// it needs players, with how many and until when.
    func tellFollowers(of event: SportEvent, except organiser: UUID, on db: any Database, at now: Date) async throws -> Outcome {
        let rows = try await db.sql.raw("""
            SELECT f.account_id FROM mj_sport_follows f JOIN mj_profiles p ON p.account_id = f.account_id
            WHERE f.sport_type_id = \(bind: event.sportTypeID) AND p.city_id = \(bind: event.cityID) AND f.account_id <> \(bind: organiser)
            """).all()
        let followers = try rows.map { try $0.decode(column: "account_id", as: UUID.self) }
        let detail = NoticeDetail(timeZone: event.city?.timeZone.identifier, playersNeeded: event.playersNeeded, decideAt: event.decideAt)
        for person in followers {
            try await Notice(accountID: person, eventID: event.requireID(), kind: .playersNeeded, eventTitle: event.title, detail: detail, at: now)
                .create(on: db)
        }
        return Outcome(event: event, status: nil, waitlistPosition: 0, promoted: [], told: followers, change: .playersNeeded, detail: detail)
    }

    /// Decides every game whose decision time has come by `now`: confirmed with enough
    /// players (those with a place; a place still only offered is not a player yet),
    /// called off — cancelled — with too few. Everyone in it is told, the organiser too.
    /// Safe on several servers at once: each game is looked at again under its row lock.
    public func decideGames(at now: Date? = nil) async throws {
        let now = now ?? context.clock.now
        let due = try await SportEvent.query(on: db).filter(\.$status == .scheduled).filter(\.$decisionValue == nil)
            .filter(\.$decideAt <= now).sort(\.$decideAt).limit(500).all()
        for eventID in due.compactMap(\.id).sorted(by: { $0.uuidString < $1.uuidString }) {
            let outcome = try await db.writeTransaction { db -> Outcome? in
                let event = try await Self.lock(eventID, on: db)
                guard event.status == .scheduled, event.decision == nil, let minimum = event.minPlayers,
                      let decideAt = event.decideAt, decideAt <= now else { return nil }
                let players = try await Participation.query(on: db).filter(\.$eventID == eventID).filter(\.$status == .participant).count()
                let decision: GameDecision = players >= minimum ? .confirmed : .calledOff
                event.decision = decision
                if decision == .calledOff { event.status = .cancelled }
                event.updatedAt = now
                try await db.sql.update(SportEvent.schema).set("decision", to: SQLBind(decision.rawValue))
                    .set("status", to: SQLBind(event.status.rawValue)).set("updated_at", to: SQLBind(now))
                    .where("id", .equal, SQLBind(eventID)).run()
                let kind: NoticeKind = decision == .confirmed ? .gameConfirmed : .gameCalledOff
                let told = try await Self.tell(everyoneIn: event, except: nil, kind, on: db, at: now)
                let outcome = Outcome(event: event, status: nil, waitlistPosition: 0, promoted: [], told: told, change: kind)
                try await queueNews(outcome, on: db)
                return outcome
            }
            if let outcome { await publish(outcome) }
        }
    }

    // MARK: Inside the lock

    static func remove(_ entry: Participation, from event: SportEvent, on db: any Database, at now: Date) async throws -> Outcome {
        try await entry.delete(on: db)
        if entry.status.holdsPlace { event.participantCount -= 1 } else { event.waitlistCount -= 1 }
        let filled = try await fillFreePlaces(event, on: db, at: now)
        try await saveCounts(event, on: db)
        var outcome = Outcome(event: event, status: nil, waitlistPosition: 0, promoted: filled.promoted, told: filled.promoted)
        outcome.offered = filled.offered
        outcome.holdUntil = filled.holdUntil
        return outcome
    }

    /// The event's row, locked until the transaction ends; 404 when there is none.
    static func lock(_ eventID: UUID, on db: any Database) async throws -> SportEvent {
        let sql = db.sql
        guard let row = try await sql.select().column("*").from(SportEvent.schema)
            .where("id", .equal, SQLBind(eventID)).for(.update).first()
        else { throw AppError.notFound(code: "event_not_found", key: "mj.event.not_found") }
        return try SportEvent.decode(row)
    }

    static func requireOpen(_ event: SportEvent, now: Date) throws {
        guard event.status == .scheduled else { throw AppError.conflict(code: "event_cancelled", key: "mj.event.cancelled") }
        guard event.startsAt > now else { throw AppError.conflict(code: "event_started", key: "mj.event.started") }
    }

    static func participation(of accountID: UUID, in eventID: UUID, on db: any Database) async throws -> Participation? {
        try await Participation.query(on: db).filter(\.$eventID == eventID).filter(\.$accountID == accountID).first()
    }

    static func saveCounts(_ event: SportEvent, on db: any Database) async throws {
        try await db.sql.update(SportEvent.schema)
            .set("participant_count", to: SQLBind(event.participantCount))
            .set("waitlist_count", to: SQLBind(event.waitlistCount))
            .set("next_queue_number", to: SQLBind(event.nextQueueNumber))
            .where("id", .equal, SQLBind(try event.requireID())).run()
    }

    /// Writes a notice for everyone in the event (places and waitlist) but `skipped`.
    static func tell(everyoneIn event: SportEvent, except skipped: UUID?, _ kind: NoticeKind, detail: NoticeDetail? = nil,
                     on db: any Database, at now: Date) async throws -> [UUID] {
        let people = try await Participation.query(on: db).filter(\.$eventID == event.requireID()).all().map(\.accountID)
            .filter { $0 != skipped }
        for person in people {
            try await Notice(accountID: person, eventID: event.requireID(), kind: kind, eventTitle: event.title, detail: detail, at: now)
                .create(on: db)
        }
        return people
    }

    /// Writes the organiser a notice that `person` joined, stood in the waitlist or left
    /// (nobody is told of their own doing; an event whose organiser is gone tells no one).
    static func tellOrganiser(of event: SportEvent, _ kind: NoticeKind, person: Mover, on db: any Database,
                              at now: Date) async throws -> (id: UUID, kind: NoticeKind, detail: NoticeDetail)? {
        guard let organiser = event.creatorID, organiser != person.id else { return nil }
        let detail = NoticeDetail(person: person.profile.fullName)
        try await Notice(accountID: organiser, eventID: event.requireID(), kind: kind, eventTitle: event.title, detail: detail, at: now)
            .create(on: db)
        return (organiser, kind, detail)
    }

    // MARK: After commit

    /// Tells open pages that the event changed and the people concerned that they have a
    /// notice. (Their phones and mailboxes were told in the change's transaction: `queueNews`.)
    func publish(_ outcome: Outcome) async {
        guard let eventID = outcome.event.id else { return }
        let payload = MoveJoinEvents.EventPayload(eventId: eventID, participantCount: outcome.event.participantCount,
                                                  waitlistCount: outcome.event.waitlistCount, status: outcome.event.status)
        var topics = [MoveJoinEvents.event(eventID)]
        topics += Set(outcome.told + outcome.promoted + outcome.offered + (outcome.organiser.map { [$0.id] } ?? [])).map(MoveJoinEvents.account)
        for topic in topics {
            do {
                _ = try await context.events.publish(topic: topic, name: "event.changed", payload: payload, at: context.clock.now, on: context.db)
            } catch {
                // The change is committed; a lost live update only means a page refreshes later.
            }
        }
    }

    /// The same news to the phones and mailboxes of the people told, as each chose for the
    /// news' topic (`NoticeChoices`), for when the page is closed: queued in the
    /// transaction of the change (docs/decisions/web-push.md), so a change that rolls back
    /// queues nothing and one that commits has always queued its news.
    func queueNews(_ outcome: Outcome, on db: any Database) async throws {
        guard let eventID = outcome.event.id else { return }
        let promoted = Set(outcome.promoted)
        var news: [(NoticeKind, NoticeDetail?, [UUID], PushUrgency)] = [(.promoted, nil, Array(promoted), .high)]
        if let hold = outcome.holdUntil {
            news.append((.offered, NoticeDetail(timeZone: outcome.event.city?.timeZone.identifier, holdUntil: hold), outcome.offered, .high))
        }
        if let change = outcome.change {
            // A game nearby that needs players can wait for the phone's next wake; news of one's own games cannot.
            news.append((change, outcome.detail, outcome.told.filter { !promoted.contains($0) }, change == .playersNeeded ? .normal : .high))
        }
        // Comings and goings matter to the organiser, but not at night's urgency.
        if let organiser = outcome.organiser { news.append((organiser.kind, organiser.detail, [organiser.id], .normal)) }
        let saved = try await NoticeService.choices(of: Set(news.flatMap(\.2)), on: db)
        let title = outcome.event.title
        for (kind, detail, people, urgency) in news where !people.isEmpty {
            let topic = kind.topic
            let pushed = people.filter { (saved[$0] ?? .standard).push.contains(topic) }
            try await context.push.send(app: MoveJoin.id, to: pushed, urgency: urgency, on: db) { language in
                let l = Self.localizer(language)
                return PushNotification(title: title, body: NoticeText.text(kind, title: title, detail: detail, l),
                                        url: MoveJoinWeb.eventPath(eventID), tag: "event-\(eventID.uuidString.lowercased())")
            }
            let mailed = people.filter { (saved[$0] ?? .standard).mail.contains(topic) }
            try await queueMail(kind, detail, about: outcome.event, to: mailed, on: db)
        }
    }

    /// The notice by e-mail to each of `people` still active, in their language, each
    /// mail with an unsubscribe link of its own.
    private func queueMail(_ kind: NoticeKind, _ detail: NoticeDetail?, about event: SportEvent, to people: [UUID], on db: any Database) async throws {
        guard !people.isEmpty else { return }
        let accounts = try await Account.query(on: db).filter(\.$id ~~ Set(people)).filter(\.$deactivatedAt == nil).all()
        let base = context.publicURL
        for account in accounts {
            let unsubscribe = try await context.unsubscribes.link(app: MoveJoin.descriptor, account: try account.requireID(),
                                                                  topic: kind.topic.rawValue, on: db)
            let links = NoticeMail.Links(event: base + MoveJoinWeb.eventPath(try event.requireID()),
                                         settings: base + MoveJoinWeb.noticeSettingsPath, unsubscribe: unsubscribe)
            try await context.mail.enqueue(NoticeMail.mail(kind, title: event.title, detail: detail, to: account.login, links: links,
                                                           Self.localizer(account.preferredLanguage ?? .default)), on: db)
        }
    }

    static func localizer(_ language: Language) -> Localizer {
        Localizer(language: language, catalogs: [KernelStrings.catalog, MoveJoinStrings.catalog])
    }
}
