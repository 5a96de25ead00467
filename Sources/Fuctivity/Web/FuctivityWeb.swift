import Fluent
import Foundation
import Kernel
import Vapor

/// The web UI under `/fuctivity`. Each page is its handlers (`…Page`: parse, call a
/// service, build a view model) and its view (`…View`: view model and `ViewContext` →
/// `Page`); this file mounts them, with the two answers that are not pages: the live
/// reminder stream and the calendar feed.
enum FuctivityWeb {
    static let prefix = Fuctivity.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        WelcomePage.register(on: web)
        OnboardingPage.register(on: web)
        ProfilePage.register(on: web)
        WeekPage.register(on: web)
        DayPage.register(on: web)
        MonthPage.register(on: web)
        SuggestionsPage.register(on: web)
        ActivityFormPage.register(on: web)
        ActivityDetailPage.register(on: web)
        StatisticsPage.register(on: web)
        CategoriesPage.register(on: web)
        web.get("live", use: live)
        web.get("calendar", ":file", use: calendarFeed)
    }

    /// Runs a page for the signed-in person (signed-out people are sent to sign in by the
    /// kernel); people who have not set up their week yet are sent to onboarding first.
    static func signedIn(_ req: Request, _ body: (Planner) async throws -> Response) async throws -> Response {
        let planner = try await req.planner()
        if planner.profile.onboardedAt == nil { return req.redirect(to: "\(prefix)/onboarding", redirectType: .normal) }
        return try await body(planner)
    }

    /// `?day=YYYY-MM-DD` (any day of the wanted week, or the day wanted); today without
    /// one. A day that does not exist (`2026-02-30`) is a 422, as in the API, rather than
    /// quietly showing today.
    static func chosenDay(_ req: Request, _ planner: Planner) throws -> LocalDay {
        guard let text = req.query[String.self, at: "day"] else { return LocalDay(req.clock.now, in: planner.timeZone) }
        return try FuctivityAPI.day(text, field: "day")
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

    /// The feed's secret address, shown once in the profile (and answered by the API).
    static func feedURL(token: String, _ req: Request) -> String {
        "\(req.externalBaseURL)\(prefix)/calendar/\(token).ics"
    }

    /// An activity's page, the address its forms and links build on.
    static func activityPath(_ id: UUID) -> String {
        "\(prefix)/activities/\(id.uuidString.lowercased())"
    }
}
