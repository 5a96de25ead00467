import Foundation

/// A bar chart drawn as SVG on the server: a bar per slot, each stacked from its series'
/// values (bottom first), over a scale from zero, with labelled axes, a visible title with
/// a legend of what each colour is, and a title and description for screen readers — as
/// `LineChart`; the numbers themselves belong in a table beside it.
public struct BarChart: Sendable {
    /// One layer of the stacks: its colour (a CSS class) and a value per slot.
    public struct Series: Sendable {
        public let cssClass: String
        public let label: String
        public let values: [Double]

        public init(cssClass: String, label: String, values: [Double]) {
            self.cssClass = cssClass
            self.label = label
            self.values = values
        }
    }

    public let id: String
    public let title: String
    public let summary: String
    public let series: [Series]
    /// Labels under some slots (every few months, say).
    public let xLabels: [(slot: Int, label: String)]
    /// Labels of the vertical scale; the scale reaches the highest of them or of the stacks.
    public let yTicks: [(value: Double, label: String)]

    public init(id: String, title: String, summary: String, series: [Series], xLabels: [(slot: Int, label: String)],
                yTicks: [(value: Double, label: String)]) {
        self.id = id
        self.title = title
        self.summary = summary
        self.series = series
        self.xLabels = xLabels
        self.yTicks = yTicks
    }

    /// Drawn in a 340-unit-wide box that the page scales to the screen: the axis labels'
    /// 16 units stay at least 12 px on a 320-px phone.
    private let width = 340.0, height = 200.0, left = 46.0, right = 8.0, top = 12.0, bottom = 28.0

    private var slots: Int { max(series.map(\.values.count).max() ?? 0, 1) }

    /// The top of each slot's stack.
    private var totals: [Double] {
        (0..<slots).map { slot in series.reduce(0) { $0 + (slot < $1.values.count ? max($1.values[slot], 0) : 0) } }
    }

    private var scaleTop: Double { max(totals.max() ?? 0, yTicks.map(\.value).max() ?? 0, 1) }

    public var figure: HTML {
        // The scale is worked out once: sixty months of bars place some four hundred shapes.
        let scale = scaleTop
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - value / scale) }
        var parts: [String] = []
        for tick in yTicks {
            parts.append("<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(tick.value)))\" y2=\"\(f(y(tick.value)))\"/>")
            parts.append("<text class=\"axis\" x=\"\(f(left - 4))\" y=\"\(f(y(tick.value) + 4))\" text-anchor=\"end\">\(HTML.escape(tick.label))</text>")
        }
        let step = (width - left - right) / Double(slots)
        let barWidth = max(step * 0.7, 1)
        for slot in 0..<slots {
            var base = 0.0
            let x = left + step * Double(slot) + (step - barWidth) / 2
            for line in series where slot < line.values.count && line.values[slot] > 0 {
                let value = line.values[slot]
                parts.append("<rect class=\"bar \(line.cssClass)\" x=\"\(f(x))\" y=\"\(f(y(base + value)))\" width=\"\(f(barWidth))\" "
                    + "height=\"\(f(y(base) - y(base + value)))\"/>")
                base += value
            }
        }
        parts.append("<line class=\"baseline\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(0)))\" y2=\"\(f(y(0)))\"/>")
        for label in xLabels {
            let center = left + step * (Double(label.slot) + 0.5)
            // A label near an edge is anchored to it, so the chart's edge does not cut it.
            let anchor = center - left < 20 ? "start" : width - right - center < 20 ? "end" : "middle"
            let x = anchor == "start" ? left : anchor == "end" ? width - right : center
            parts.append("<text class=\"axis\" x=\"\(f(x))\" y=\"\(f(height - 4))\" text-anchor=\"\(anchor)\">\(HTML.escape(label.label))</text>")
        }
        let svg = """
            <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="\(id)-title \(id)-desc">\
            <title id="\(id)-title">\(HTML.escape(title))</title><desc id="\(id)-desc">\(HTML.escape(summary))</desc>\(parts.joined())</svg>
            """
        let caption = H.element("figcaption", [], content: HTMLBuilder.join([
            H.strong(.class("chart-title")) { title },
            H.ul(.class("chart-legend")) {
                HTMLBuilder.join(series.map { line in
                    H.li { H.span(.class("swatch swatch-bar \(line.cssClass)"), .aria("hidden", "true")) { "" }; line.label }
                })
            },
        ]))
        return H.element("figure", [.class("chart-figure")], content: HTMLBuilder.join([caption, HTML(unsafeRaw: svg)]))
    }

    private func f(_ value: Double) -> String { SVGNumber.oneDecimal(value) }
}
