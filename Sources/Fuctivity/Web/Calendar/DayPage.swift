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
            let day = FuctivityWeb.chosenDay(req, planner)
            let interval = day.interval(in: planner.timeZone)
            let activities = try await req.fuctivity.activities.list(for: planner, from: interval.start, to: interval.end)
            let suggestions = try await req.fuctivity.insights.suggestions(for: planner, days: [day])[0]
            let view = DayView(planner: planner, day: day, activities: activities, suggestions: suggestions,
                               free: freeTime(on: day, besides: activities, planner.plan, planner.timeZone),
                               undo: req.query[String.self, at: "undo"].flatMap(UUID.init(uuidString:)), c: req.viewContext)
            return req.render(view.page)
        }
    }

    /// Gaps of a quarter of an hour or more inside the waking day, to add an activity right there.
    static func freeTime(on day: LocalDay, besides activities: [ActivityView], _ plan: WeekPlan, _ zone: TimeZone) -> [DateInterval] {
        let waking = DateInterval(start: day.moment(minutes: plan.dayStarts, in: zone), end: day.moment(minutes: plan.dayEnds, in: zone))
        return RestPlanner.subtract(activities.filter { $0.activity.status != .skipped }.map(\.activity.interval), from: waking)
            .filter { $0.duration >= 15 * 60 }
    }
}
