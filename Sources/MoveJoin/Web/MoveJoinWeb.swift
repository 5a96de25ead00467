import Fluent
import Foundation
import Kernel
import Vapor

/// The web UI under `/movejoin`: black and white, as the original. Each page is its
/// handlers (`…Page`: parse, call a service, build a view model) and its view (`…View`:
/// view model and `ViewContext` → `Page`); this file mounts them, with the two answers
/// that are not pages: the live event stream and the calendar feed.
enum MoveJoinWeb {
    static let prefix = MoveJoin.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        WelcomePage.register(on: web)
        SignUpPage.register(on: web)
        EventListPage.register(on: web)
        EventMapPage.register(on: web)
        Leaflet.register(on: web)
        EventFormPage.register(on: web)
        EventDetailPage.register(on: web)
        EventMessagesPage.register(on: web)
        ProfilePage.register(on: web)
        HistoryPage.register(on: web)
        NotificationsPage.register(on: web)
        NoticeSettingsPage.register(on: web)
        UnsubscribePage.register(on: web)
        web.get("live", use: live)
        web.get("calendar", ":file", use: calendarFeed)
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
        let entries = found.events.map { event, place in
            EventCalendar.Entry(event: EventRecord(event), myStatus: place.status, myPlaceChangedAt: place.promotedAt ?? place.joinedAt)
        }
        let zone = owner?.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "Europe/Kyiv")!
        let calendar = EventCalendar.document(entries, name: "MoveJoin", reminder: true, localizer: localizer,
                                              baseURL: req.externalBaseURL, now: req.clock.now, refresh: EventCalendar.feedRefresh,
                                              timeZone: zone)
        return calendar.response(filename: nil)
    }

    /// `url` as a `webcal:` address, which phones hand to their calendar to subscribe.
    static func webcal(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), ["http", "https"].contains(url[..<colon].lowercased()) else { return url }
        return "webcal" + url[colon...]
    }

    /// The feed's secret address, shown once in the profile (and answered by the API).
    static func feedURL(token: String, _ req: Request) -> String {
        "\(req.externalBaseURL)\(prefix)/calendar/\(token).ics"
    }

    /// Where a person chooses how each kind of news reaches them.
    static let noticeSettingsPath = "\(prefix)/profile/notices"

    /// An event's page, the address its forms and links build on.
    static func eventPath(_ id: UUID) -> String {
        "\(prefix)/events/\(id.uuidString.lowercased())"
    }
}
