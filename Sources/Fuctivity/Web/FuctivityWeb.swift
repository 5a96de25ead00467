import Fluent
import Foundation
import Kernel
import Vapor

/// The web UI under `/fuctivity`. Each page handler parses, calls a service, renders.
enum FuctivityWeb {
    static let prefix = Fuctivity.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        AccountPages.register(on: web)
        PlanPages.register(on: web)
        CalendarPages.register(on: web)
        ActivityPages.register(on: web)
        StatisticsPages.register(on: web)
        web.get("live", use: live)
        web.get("calendar", ":file", use: calendarFeed)
    }

    enum Section { case calendar, add, statistics, profile, none }

    /// A page in the app's shell, with the four tabs for signed-in people, who also get
    /// their reminders live (`fuctivity.js` shows them).
    static func page(_ req: Request, _ planner: Planner?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                     @HTMLBuilder content: () -> HTML) -> Response {
        let l = req.localizer
        var tabs: [Tab] = []
        if planner != nil {
            tabs = [Tab(label: l.text("fx.tab.calendar"), href: "\(prefix)/week", isCurrent: section == .calendar),
                    Tab(label: l.text("fx.tab.add"), href: "\(prefix)/activities/new", isCurrent: section == .add),
                    Tab(label: l.text("fx.tab.statistics"), href: "\(prefix)/statistics", isCurrent: section == .statistics),
                    Tab(label: l.text("fx.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
        }
        // The words a live reminder is shown with (fuctivity.js reads them).
        let reminderText = planner == nil ? HTML.empty : H.element("template", [.id("reminder-text")], content: HTML(text: l.text("fx.reminder.alarm")))
        return req.render(Page(title: title, app: Fuctivity.descriptor, content: reminderText + content(), tabs: tabs,
                               scripts: planner == nil ? [] : ["fuctivity.js"], liveURL: planner == nil ? nil : "\(prefix)/live",
                               liveEvents: planner == nil ? [] : ["reminder"], status: status))
    }

    /// Runs a page for the signed-in person (signed-out people are sent to sign in by the
    /// kernel); people who have not set up their week yet are sent to onboarding first.
    static func signedIn(_ req: Request, _ body: (Planner) async throws -> Response) async throws -> Response {
        let planner = try await req.planner()
        if planner.profile.onboardedAt == nil { return req.redirect(to: "\(prefix)/onboarding", redirectType: .normal) }
        return try await body(planner)
    }

    /// The browser's event stream: the person's reminders as they fall due.
    static func live(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        return ServerSentEvents.response(for: req, topics: [FuctivityEvents.topic(for: planner.id)])
    }

    /// `GET /fuctivity/calendar/<secret>.ics`: the person's activities with their
    /// reminders, for a phone calendar to subscribe to. The secret is the only credential,
    /// as calendar apps cannot sign in.
    static func calendarFeed(_ req: Request) async throws -> Response {
        guard let file = req.parameters.get("file"), file.hasSuffix(".ics") else {
            throw AppError.notFound(code: "no_calendar_feed", key: "fx.feed.none")
        }
        let token = String(file.dropLast(4))
        guard let owner = try await req.fuctivity.feeds.owner(ofToken: token, app: Fuctivity.id) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "fx.feed.none")
        }
        // A calendar app sends no language of its own: write the feed in the owner's.
        let language = try await Account.find(owner, on: req.db)?.preferredLanguage ?? req.language
        let localizer = Localizer(language: language, catalogs: req.kernel.catalogs)
        guard let calendar = try await req.fuctivity.insights.feed(of: owner, localizer: localizer) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "fx.feed.none")
        }
        return calendar.response()
    }

    static func feedURL(token: String, _ req: Request) -> String {
        "\(req.externalBaseURL)\(prefix)/calendar/\(token).ics"
    }

    // MARK: Formatting

    /// "18:00–19:30" in the person's zone.
    static func span(_ start: Date, _ end: Date, _ zone: TimeZone) -> String {
        "\(LocalDateTime(start, in: zone).timeString)–\(LocalDateTime(end, in: zone).timeString)"
    }

    /// "Понеділок, 23.11".
    static func dayTitle(_ day: LocalDay, _ l: Localizer) -> String {
        l.text("fx.day_title", ["weekday": l.text("fx.weekday.long.\(day.weekday)"),
                                "date": day.dayMonth])
    }

    static func statusBadge(_ status: ActivityStatus, _ l: Localizer) -> HTML {
        H.span(.class("badge badge-\(status.rawValue)")) { l.text("fx.status.\(status.rawValue)") }
    }

    static func categoryOptions(_ categories: [RestCategory], _ l: Localizer) -> [(value: String, label: String)] {
        categories.map { ($0.id!.uuidString, $0.name(in: l.language)) }
    }
}
