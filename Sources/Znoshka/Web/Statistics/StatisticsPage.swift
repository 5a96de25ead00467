import Foundation
import Kernel
import Vapor

/// `GET /znoshka/statistics`: per subject, tests done, accuracy and its trend (a chart
/// drawn on the server with the numbers in a table), topics from weakest, the next test
/// suggested, and the 100–200 score to expect.
enum StatisticsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("statistics", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return req.render(StatisticsView(student: student, subjects: try await req.znoshka.statistics.all(for: student), c: req.viewContext).page)
    }
}

struct StatisticsView {
    let student: Student
    let subjects: [SubjectStatistics]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.statistics.title"), section: .statistics, c) {
            H.h1 { l.text("zn.statistics.title") }
            HTMLBuilder.join(subjects.map(subject))
        }
    }

    private func subject(_ stats: SubjectStatistics) -> HTML {
        let name = stats.subject.name(in: l.language)
        let id = "stats-\(stats.subject.slug)"
        return H.section(.class("card stats"), .aria("labelledby", id)) {
            H.h2(.id(id)) { name }
            if stats.testsDone == 0 {
                H.p(.class("empty")) { l.text("zn.statistics.none") }
            } else {
                H.ul(.class("facts")) {
                    H.li { l.plural("zn.statistics.tests_done", count: stats.testsDone) }
                    if let accuracy = stats.accuracy { H.li { l.text("zn.statistics.accuracy", ["percent": ZnoshkaFormat.percent(accuracy)]) } }
                    if let prediction = stats.prediction { H.li { predicted(prediction) } }
                }
                if stats.prediction == nil { H.p(.class("hint")) { l.text("zn.statistics.no_prediction") } }
                TrendChart(points: stats.trend, id: "trend-\(stats.subject.slug)", title: l.text("zn.statistics.trend_of", ["subject": name]), c: c).figure
                Components.tableScroll(label: l.text("zn.statistics.trend_of", ["subject": name])) {
                    H.table {
                        H.thead { H.tr { H.th { l.text("zn.statistics.when") }; H.th { l.text("zn.statistics.test") }; H.th { l.text("zn.statistics.share") } } }
                        H.tbody {
                            HTMLBuilder.join(stats.trend.map { point in
                                H.tr { H.td { l.date(point.finishedAt) }; H.td { point.testTitle }; H.td { ZnoshkaFormat.percent(point.accuracy) } }
                            })
                        }
                    }
                }
                if !stats.topics.isEmpty {
                    H.h3 { l.text("zn.statistics.topics") }
                    H.ul(.class("plain-list topic-stats")) {
                        HTMLBuilder.join(stats.topics.sorted { $0.accuracy < $1.accuracy }.map { topic in
                            H.li { topic.topic.title + " — " + ZnoshkaFormat.percent(topic.accuracy) }
                        })
                    }
                }
            }
            if let weakest = stats.weakest { H.p { l.text("zn.statistics.weakest", ["topic": weakest.topic.title]) } }
            if let test = stats.suggestedTest {
                H.a(.class("button button-block"), .href(ZnoshkaWeb.testPath(test.id!))) { l.text("zn.statistics.suggested", ["title": test.title]) }
            }
        }
    }

    private func predicted(_ prediction: ScorePrediction) -> String {
        func text(_ outcome: ConversionTable.Outcome) -> String { outcome.scaled.map(String.init) ?? l.text("zn.result.not_passed") }
        return l.text("zn.statistics.prediction", ["score": text(prediction.expected), "low": text(prediction.low), "high": text(prediction.high),
                                                   "count": String(prediction.attempts)])
    }
}

/// Accuracy of each finished attempt as a line over 0–100 %, in SVG drawn on the server,
/// described for screen readers (the table under it has the same numbers).
struct TrendChart {
    let points: [TrendPoint]
    let id: String
    let title: String
    let c: ViewContext

    private let width = 340.0, height = 180.0, left = 36.0, bottom = 16.0, top = 10.0

    var figure: HTML {
        let summary = points.map { ZnoshkaFormat.percent($0.accuracy) }.joined(separator: ", ")
        let step = points.count > 1 ? (width - left - 10) / Double(points.count - 1) : 0
        func x(_ index: Int) -> Double { points.count > 1 ? left + step * Double(index) : (left + width) / 2 }
        func y(_ share: Double) -> Double { top + (height - top - bottom) * (1 - share) }
        var parts: [String] = []
        for share in [0.0, 0.5, 1.0] {
            parts.append("<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - 4))\" y1=\"\(f(y(share)))\" y2=\"\(f(y(share)))\"/>")
            parts.append("<text class=\"axis\" x=\"\(f(left - 4))\" y=\"\(f(y(share) + 4))\" text-anchor=\"end\">\(Int(share * 100))%</text>")
        }
        let coordinates = points.enumerated().map { "\(f(x($0.offset))),\(f(y($0.element.accuracy)))" }
        if coordinates.count > 1 { parts.append("<polyline class=\"line\" points=\"\(coordinates.joined(separator: " "))\"/>") }
        parts += points.enumerated().map { "<circle class=\"point\" cx=\"\(f(x($0.offset)))\" cy=\"\(f(y($0.element.accuracy)))\" r=\"4\"/>" }
        let svg = """
            <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="\(id)-title \(id)-desc">\
            <title id="\(id)-title">\(HTML.escape(title))</title><desc id="\(id)-desc">\(HTML.escape(summary))</desc>\(parts.joined())</svg>
            """
        return H.element("figure", [.class("chart-figure")], content: HTML(unsafeRaw: svg))
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
