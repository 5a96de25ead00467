import Foundation
import Kernel
import Vapor

/// `GET /fuctivity/day`: one day, its activities, suggestions and free time.
enum DayPage {
    static func register(on web: any RoutesBuilder) {
        web.get("day", use: day)
    }

    static func day(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let day = try FuctivityWeb.chosenDay(req, planner)
            let interval = day.interval(in: planner.timeZone)
            let activities = try await req.fuctivity.activities.list(for: planner, from: interval.start, to: interval.end)
            let suggestions = try await req.fuctivity.insights.suggestions(for: planner, days: [day])[0]
            let view = DayView(planner: planner, day: day, activities: activities, suggestions: suggestions,
                               free: RestPlanner.freeTime(on: day, plan: planner.plan,
                                                          busy: activities.filter { $0.activity.status != .skipped }.map(\.activity.interval)),
                               undo: req.query[String.self, at: "undo"].flatMap(UUID.init(uuidString:)), c: req.viewContext)
            return req.render(view.page)
        }
    }
}
