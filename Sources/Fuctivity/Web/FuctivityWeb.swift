import Fluent
import Foundation
import Kernel
import Vapor

/// Fuctivity's pages. So far: the calendar feed a phone subscribes to.
enum FuctivityWeb {
    static func register(on web: any RoutesBuilder) {
        web.get("calendar", ":file", use: calendarFeed)
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
        guard let calendar = try await req.fuctivity.insights.feed(forToken: token, localizer: localizer) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "fx.feed.none")
        }
        return calendar.response()
    }

    static func feedURL(token: String, _ req: Request) -> String {
        "\(req.externalBaseURL)\(Fuctivity.descriptor.pathPrefix)/calendar/\(token).ics"
    }
}
