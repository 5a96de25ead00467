import Fluent
import Foundation
import Kernel
import Vapor

/// A week of rest as a chart (bars or a line, by a toggle), drawn on the server as SVG,
/// with the same numbers in a table for anyone who cannot see the picture.
enum StatisticsPages {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("statistics", use: statistics)
    }

    enum Chart: String { case bar, line }

    static func statistics(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let l = req.localizer
            let week = CalendarPages.chosenDay(req, planner).monday
            let chart = req.query[String.self, at: "chart"].flatMap(Chart.init) ?? .bar
            let stats = try await req.fuctivity.insights.statistics(for: planner, week: week)
            let categories = try await req.fuctivity.categories.all(for: planner)
            let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0.name(in: l.language)) })
            let sunday = week.adding(days: 6)
            let title = l.text("fx.statistics.title", ["from": week.dayMonth,
                                                       "to": sunday.dayMonth])
            func link(_ day: LocalDay, _ chart: Chart) -> String { "\(prefix)/statistics?day=\(day)&chart=\(chart.rawValue)" }
            return FuctivityWeb.page(req, planner, title: title, section: .statistics) {
                H.div(.class("pager")) {
                    H.a(.class("button"), .href(link(week.adding(days: -7), chart)), .aria("label", l.text("fx.pager.previous_week"))) { "‹" }
                    H.h1 { title }
                    H.a(.class("button"), .href(link(week.adding(days: 7), chart)), .aria("label", l.text("fx.pager.next_week"))) { "›" }
                }
                H.section(.class("card")) {
                    H.p(.class("total")) {
                        l.text("fx.statistics.total", ["rested": l.duration(minutes: stats.totalRestedMinutes),
                                                       "target": l.duration(minutes: stats.totalTargetMinutes)])
                    }
                    H.nav(.class("chart-switch"), .aria("label", l.text("fx.statistics.chart_type"))) {
                        H.a(.class("button"), .href(link(week, .bar)), .aria("current", chart == .bar ? "page" : nil)) { l.text("fx.statistics.bars") }
                        H.a(.class("button"), .href(link(week, .line)), .aria("current", chart == .line ? "page" : nil)) { l.text("fx.statistics.line") }
                    }
                    svg(stats, chart: chart, l)
                    H.div(.class("table-scroll")) {
                        H.table(.class("numbers")) {
                            H.element("caption", [], content: HTML(text: l.text("fx.statistics.table_caption")))
                            H.thead {
                                H.tr {
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.day") }
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.rested") }
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.planned") }
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.target") }
                                }
                            }
                            H.tbody {
                                for day in stats.days {
                                    H.tr {
                                        H.th(Attribute("scope", "row")) { FuctivityWeb.dayTitle(day.day, l) }
                                        H.td { l.duration(minutes: day.restedMinutes) }
                                        H.td { l.duration(minutes: day.plannedMinutes) }
                                        H.td { l.duration(minutes: day.targetMinutes) }
                                    }
                                }
                            }
                        }
                    }
                }
                H.section(.class("card")) {
                    H.h2 { l.text("fx.statistics.ratings") }
                    if stats.ratings.isEmpty {
                        H.p(.class("hint")) { l.text("fx.statistics.no_ratings") }
                    } else {
                        H.table(.class("numbers")) {
                            H.thead {
                                H.tr {
                                    H.th(Attribute("scope", "col")) { l.text("fx.field.category") }
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.average") }
                                    H.th(Attribute("scope", "col")) { l.text("fx.statistics.count") }
                                }
                            }
                            H.tbody {
                                for rating in stats.ratings {
                                    H.tr {
                                        H.th(Attribute("scope", "row")) { names[rating.categoryID] ?? "" }
                                        H.td { l.number(rating.average, fractionDigits: 1) }
                                        H.td { String(rating.count) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Hours rested per weekday against the plan: bars or a line, the plan as a dashed line.
    static func svg(_ stats: WeekStatistics, chart: Chart, _ l: Localizer) -> HTML {
        let width = 340.0, height = 220.0, left = 34.0, bottom = 28.0, top = 12.0
        let plotHeight = height - bottom - top, step = (width - left - 8) / 7
        let maxMinutes = max(stats.days.map { max($0.restedMinutes, $0.targetMinutes) }.max() ?? 60, 60)
        let maxHours = Int((Double(maxMinutes) / 60).rounded(.up))
        func y(_ minutes: Int) -> Double { top + plotHeight * (1 - Double(minutes) / Double(maxHours * 60)) }
        func x(_ index: Int) -> Double { left + step * Double(index) + step / 2 }
        func f(_ value: Double) -> String { String(format: "%.1f", value) }
        func short(_ day: LocalDay) -> String { l.text("fx.weekday.short.\(day.weekday)") }
        var shapes: [String] = []
        for hour in stride(from: 0, through: maxHours, by: max(1, maxHours / 4)) {
            shapes.append("<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - 8))\" y1=\"\(f(y(hour * 60)))\" y2=\"\(f(y(hour * 60)))\"/>")
            shapes.append("<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(y(hour * 60) + 4))\" text-anchor=\"end\">\(hour)</text>")
        }
        switch chart {
        case .bar:
            for (index, day) in stats.days.enumerated() {
                let top = y(day.restedMinutes)
                shapes.append("<rect class=\"bar\" x=\"\(f(x(index) - step * 0.3))\" y=\"\(f(top))\" width=\"\(f(step * 0.6))\" height=\"\(f(y(0) - top))\"/>")
            }
        case .line:
            let points = stats.days.enumerated().map { "\(f(x($0.offset))),\(f(y($0.element.restedMinutes)))" }
            shapes.append("<polygon class=\"area\" points=\"\(f(x(0))),\(f(y(0))) \(points.joined(separator: " ")) \(f(x(6))),\(f(y(0)))\"/>")
            shapes.append("<polyline class=\"line\" points=\"\(points.joined(separator: " "))\"/>")
            for (index, day) in stats.days.enumerated() {
                shapes.append("<circle class=\"point\" cx=\"\(f(x(index)))\" cy=\"\(f(y(day.restedMinutes)))\" r=\"4\"/>")
            }
        }
        let targets = stats.days.enumerated().map { "\(f(x($0.offset) - step / 2)),\(f(y($0.element.targetMinutes))) \(f(x($0.offset) + step / 2)),\(f(y($0.element.targetMinutes)))" }
        shapes.append("<polyline class=\"target\" points=\"\(targets.joined(separator: " "))\"/>")
        for (index, day) in stats.days.enumerated() {
            shapes.append("<text class=\"axis\" x=\"\(f(x(index)))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(HTML.escape(short(day.day)))</text>")
        }
        let summary = stats.days.map { short($0.day) + " " + l.duration(minutes: $0.restedMinutes) }.joined(separator: ", ")
        let svg = """
            <svg class="chart chart-\(chart.rawValue)" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="chart-title chart-desc">\
            <title id="chart-title">\(HTML.escape(l.text("fx.statistics.chart_title")))</title>\
            <desc id="chart-desc">\(HTML.escape(summary))</desc>\(shapes.joined())</svg>
            """
        return H.figure {
            HTML(unsafeRaw: svg)
            H.element("figcaption", [], content: HTML(text: l.text("fx.statistics.legend")))
        }
    }
}

extension H {
    static func figure(@HTMLBuilder content c: () -> HTML) -> HTML { element("figure", [.class("chart-figure")], content: c()) }
}
