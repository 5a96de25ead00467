import Foundation
import Kernel
import Vapor

/// `GET /fuctivity/week`: the home page, a week of activities with suggestions for the
/// days to come.
enum WeekPage {
    static func register(on web: any RoutesBuilder) {
        web.get("week", use: week)
    }

    static func week(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let zone = planner.timeZone
            let today = LocalDay(req.clock.now, in: zone)
            let monday = try FuctivityWeb.chosenDay(req, planner).monday
            let activities = try await req.fuctivity.activities.list(for: planner, from: monday.start(in: zone), to: monday.adding(days: 7).start(in: zone))
            let upcoming = (0..<7).map { monday.adding(days: $0) }.filter { $0 >= today }
            let suggestions = try await req.fuctivity.insights.suggestions(for: planner, days: upcoming)
            let view = WeekView(planner: planner, monday: monday, today: today, activities: activities,
                                suggestions: Dictionary(uniqueKeysWithValues: suggestions.map { ($0.day, $0) }),
                                undo: req.query[String.self, at: "undo"].flatMap(UUID.init(uuidString:)), c: req.viewContext)
            return req.render(view.page)
        }
    }
}
