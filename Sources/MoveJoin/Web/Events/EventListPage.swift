import Foundation
import Kernel
import Vapor

/// `GET /movejoin/events`: the Events tab, events in a city filtered by the query.
enum EventListPage {
    static func register(on web: any RoutesBuilder) {
        web.get("events", use: list)
    }

    /// Filters that cannot be read are shown beside their fields (422), with no events.
    static func list(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let values = SearchQuery.pairs(req.url.query).reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
        var errors: [FieldError] = []
        var found = EventPage(events: [], nextPageToken: nil)
        var search = EventSearch(cityID: mover.profile.cityID)
        do {
            search = try SearchQuery.parse(req.url.query, defaultCity: mover.profile.cityID)
            found = try await req.moveJoin.sportEvents.search(search, for: mover)
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            errors = error.fieldErrors
        }
        let notices = try await req.moveJoin.notices.list(for: mover, limit: 5)
        let view = EventListView(
            mover: mover, search: search,
            filters: FormState(values: values.merging(["city": search.cityID], uniquingKeysWith: { $1 }), errors: errors),
            events: found.events, moreURL: found.nextPageToken.map { moreURL(req.url.query, token: $0) },
            unreadNotices: notices.unread > 0 ? notices.notices.filter { $0.readAt == nil } : nil, c: req.viewContext)
        return req.render(view.page)
    }

    /// The same search, one page on.
    static func moreURL(_ query: String?, token: String) -> String {
        let kept = SearchQuery.pairs(query).filter { $0.0 != "pageToken" }
        var components = URLComponents()
        components.queryItems = kept.map { URLQueryItem(name: $0.0, value: $0.1) } + [URLQueryItem(name: "pageToken", value: token)]
        return "\(MoveJoinWeb.prefix)/events?\(components.percentEncodedQuery ?? "")"
    }
}
