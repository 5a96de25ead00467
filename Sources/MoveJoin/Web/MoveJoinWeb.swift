import Fluent
import Foundation
import Kernel
import Vapor

/// The web UI under `/movejoin`: black and white, as the original. Each page handler
/// parses, calls a service, renders.
enum MoveJoinWeb {
    static let prefix = MoveJoin.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        AccountPages.register(on: web)
        EventPages.register(on: web)
        ProfilePages.register(on: web)
        web.get("live", use: live)
        web.get("calendar", ":file", use: calendarFeed)
    }

    enum Section { case events, add, profile, none }

    /// A page in the app's shell, with the three tabs for signed-in people.
    static func page(_ req: Request, _ mover: Mover?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                     liveEvent: UUID? = nil, @HTMLBuilder content: () -> HTML) -> Response {
        let l = req.localizer
        var tabs: [Tab] = []
        if mover != nil {
            tabs = [Tab(label: l.text("mj.tab.events"), href: "\(prefix)/events", isCurrent: section == .events),
                    Tab(label: l.text("mj.tab.add"), href: "\(prefix)/events/new", isCurrent: section == .add),
                    Tab(label: l.text("mj.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
        }
        var liveURL: String?
        if mover != nil {
            liveURL = "\(prefix)/live" + (liveEvent.map { "?event=\($0.uuidString.lowercased())" } ?? "")
        }
        return req.render(Page(title: title, app: MoveJoin.descriptor, content: content(), tabs: tabs,
                               scripts: liveURL == nil ? [] : ["live-refresh.js"], liveURL: liveURL,
                               liveEvents: liveURL == nil ? [] : ["event.changed"], status: status))
    }

    /// The browser's event stream: the person's own notices and, on an event page, that event.
    static func live(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        var topics: Set<String> = [MoveJoinEvents.account(mover.id)]
        if let event = req.query[String.self, at: "event"].flatMap(UUID.init(uuidString:)) {
            topics.insert(MoveJoinEvents.event(event))
        }
        return ServerSentEvents.response(for: req, topics: topics)
    }

    /// `GET /movejoin/calendar/<secret>.ics`: the person's feed, for a phone calendar to
    /// subscribe to. The secret is the only credential, as calendar apps cannot sign in.
    static func calendarFeed(_ req: Request) async throws -> Response {
        guard let file = req.parameters.get("file"), file.hasSuffix(".ics"),
              let found = try await req.moveJoin.calendarFeeds.events(forToken: String(file.dropLast(4))) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "mj.calendar.none")
        }
        let owner = try await Account.find(found.owner, on: req.db)
        // A calendar app sends no language of its own: write the feed in the owner's.
        let localizer = Localizer(language: owner?.preferredLanguage ?? req.language, catalogs: req.kernel.catalogs)
        let calendar = EventCalendar.document(found.events.map(EventRecord.init), name: "MoveJoin", reminder: true, localizer: localizer,
                                              baseURL: req.externalBaseURL, now: req.clock.now)
        return calendar.response(filename: nil)
    }

    static func feedURL(token: String, _ req: Request) -> String {
        "\(req.externalBaseURL)\(prefix)/calendar/\(token).ics"
    }


    // MARK: Formatting

    /// "сб, 28.11.2026, 19:00" in the event's city.
    static func when(_ event: EventRecord, _ l: Localizer) -> String {
        let local = LocalDateTime(event.startsAt, in: event.city?.timeZone ?? l.timeZone)
        return "\(l.text("mj.weekday.\(local.weekday)")), \(local.dottedDate), \(local.timeString)"
    }

    /// "3 places left" or "Full — join the waitlist" ("Full" to someone already in it);
    /// for a cancelled event, "Cancelled".
    static func places(_ event: EventRecord, _ l: Localizer, viewerIsIn: Bool = false) -> HTML {
        if event.status == .cancelled {
            return H.span(.class("badge badge-cancelled")) { l.text("mj.event.status.cancelled") }
        }
        if event.isFull {
            return H.span(.class("badge badge-full")) { l.text(viewerIsIn ? "mj.places.none" : "mj.places.full") }
        }
        return H.span(.class("badge")) { l.plural("mj.places.left", count: event.placesLeft) }
    }

    static func cityName(_ id: String, _ l: Localizer) -> String {
        City.find(id)?.name(in: l.language) ?? id
    }

    static func sportName(_ id: String, _ l: Localizer) -> String {
        SportType.find(id)?.name(in: l.language) ?? id
    }

    static func cityOptions(_ l: Localizer) -> [(value: String, label: String)] {
        City.all.map { ($0.id, $0.name(in: l.language)) }.sorted { $0.label < $1.label }
    }

    static func sportOptions(_ l: Localizer) -> [(value: String, label: String)] {
        SportType.all.map { ($0.id, $0.name(in: l.language)) }
    }

    static func skillOptions(_ l: Localizer) -> [(value: String, label: String)] {
        SkillLevel.allCases.map { ($0.rawValue, l.text("mj.skill.\($0.rawValue)")) }
    }
}
