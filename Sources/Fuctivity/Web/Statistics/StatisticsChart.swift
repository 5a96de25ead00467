import Foundation
import Kernel

/// Hours rested per weekday against the plan, as SVG: bars or a line, the plan as a
/// dashed line, described in words for screen readers.
struct StatisticsChart {
    let stats: WeekStatistics
    let chart: StatisticsView.Chart
    let c: ViewContext
    /// The scale's top, in whole hours (at least one).
    private let maxHours: Int

    private let width = 340.0, height = 220.0, left = 34.0, bottom = 28.0, top = 12.0
    private var plotHeight: Double { height - bottom - top }
    private var step: Double { (width - left - 8) / 7 }
    private var l: Localizer { c.localizer }

    init(stats: WeekStatistics, chart: StatisticsView.Chart, c: ViewContext) {
        self.stats = stats
        self.chart = chart
        self.c = c
        let maxMinutes = max(stats.days.map { max($0.restedMinutes, $0.targetMinutes) }.max() ?? 60, 60)
        maxHours = Int((Double(maxMinutes) / 60).rounded(.up))
    }

    var figure: HTML {
        let summary = stats.days.map { short($0.day) + " " + l.duration(minutes: $0.restedMinutes) }.joined(separator: ", ")
        let svg = """
            <svg class="chart chart-\(chart.rawValue)" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="chart-title chart-desc">\
            <title id="chart-title">\(HTML.escape(l.text("fx.statistics.chart_title")))</title>\
            <desc id="chart-desc">\(HTML.escape(summary))</desc>\((grid + data + target + axis).joined())</svg>
            """
        return H.element("figure", [.class("chart-figure")], content: HTMLBuilder.join([
            HTML(unsafeRaw: svg),
            H.element("figcaption", [], content: HTML(text: l.text("fx.statistics.legend"))),
        ]))
    }

    /// A line and a label per hour (every few hours on a tall scale).
    private var grid: [String] {
        stride(from: 0, through: maxHours, by: max(1, maxHours / 4)).flatMap { hour in
            ["<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - 8))\" y1=\"\(f(y(hour * 60)))\" y2=\"\(f(y(hour * 60)))\"/>",
             "<text class=\"axis\" x=\"\(f(left - 6))\" y=\"\(f(y(hour * 60) + 4))\" text-anchor=\"end\">\(hour)</text>"]
        }
    }

    /// The rested minutes: a bar per day, or a line over a shaded area with a point per day.
    private var data: [String] {
        switch chart {
        case .bar:
            return stats.days.enumerated().map { index, day in
                let top = y(day.restedMinutes)
                return "<rect class=\"bar\" x=\"\(f(x(index) - step * 0.3))\" y=\"\(f(top))\" width=\"\(f(step * 0.6))\" height=\"\(f(y(0) - top))\"/>"
            }
        case .line:
            let points = stats.days.enumerated().map { "\(f(x($0.offset))),\(f(y($0.element.restedMinutes)))" }
            return ["<polygon class=\"area\" points=\"\(f(x(0))),\(f(y(0))) \(points.joined(separator: " ")) \(f(x(6))),\(f(y(0)))\"/>",
                    "<polyline class=\"line\" points=\"\(points.joined(separator: " "))\"/>"]
                + stats.days.enumerated().map { "<circle class=\"point\" cx=\"\(f(x($0.offset)))\" cy=\"\(f(y($0.element.restedMinutes)))\" r=\"4\"/>" }
        }
    }

    /// The plan: a level step per day.
    private var target: [String] {
        let targets = stats.days.enumerated().map { "\(f(x($0.offset) - step / 2)),\(f(y($0.element.targetMinutes))) \(f(x($0.offset) + step / 2)),\(f(y($0.element.targetMinutes)))" }
        return ["<polyline class=\"target\" points=\"\(targets.joined(separator: " "))\"/>"]
    }

    /// The weekdays under the plot.
    private var axis: [String] {
        stats.days.enumerated().map { "<text class=\"axis\" x=\"\(f(x($0.offset)))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(HTML.escape(short($0.element.day)))</text>" }
    }

    private func y(_ minutes: Int) -> Double { top + plotHeight * (1 - Double(minutes) / Double(maxHours * 60)) }
    private func x(_ index: Int) -> Double { left + step * Double(index) + step / 2 }
    private func f(_ value: Double) -> String { SVGNumber.oneDecimal(value) }
    private func short(_ day: LocalDay) -> String { l.text("fx.weekday.short.\(day.weekday)") }
}
