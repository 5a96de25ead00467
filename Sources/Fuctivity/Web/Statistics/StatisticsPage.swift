import Foundation
import Kernel
import Vapor

/// `GET /fuctivity/statistics?day=&chart=`: a week of rest against the plan.
enum StatisticsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("statistics", use: statistics)
    }

    static func statistics(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let week = try FuctivityWeb.chosenDay(req, planner).monday
            let chart = req.query[String.self, at: "chart"].flatMap(StatisticsView.Chart.init) ?? .bar
            let stats = try await req.fuctivity.insights.statistics(for: planner, week: week)
            let categories = try await req.fuctivity.categories.all(for: planner)
            return req.render(StatisticsView(planner: planner, week: week, chart: chart, stats: stats, categories: categories, c: req.viewContext).page)
        }
    }
}
