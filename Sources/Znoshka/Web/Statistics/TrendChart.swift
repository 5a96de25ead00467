import Foundation
import Kernel

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

    private func f(_ value: Double) -> String { SVGNumber.oneDecimal(value) }
}
