import Foundation
import Kernel
import Vapor

/// `GET /fuctivity/month`: a month at a glance, the rest of each day.
enum MonthPage {
    static func register(on web: any RoutesBuilder) {
        web.get("month", use: month)
    }

    static func month(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let zone = planner.timeZone
            let grid = try MonthGrid(containing: FuctivityWeb.chosenDay(req, planner))
            let activities = try await req.fuctivity.activities.list(for: planner, from: grid.start.start(in: zone), to: grid.end.start(in: zone))
            let view = MonthView(planner: planner, grid: grid, activities: activities, today: LocalDay(req.clock.now, in: zone), c: req.viewContext)
            return req.render(view.page)
        }
    }
}
