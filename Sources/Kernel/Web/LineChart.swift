import Foundation

/// A line chart drawn as SVG on the server: lines over evenly spaced slots (a gap where a
/// slot has no value), an optional shaded band (a minimum–maximum), dashed guide lines (a
/// target range), labelled axes, a visible title with a legend of what each mark is, and
/// a title and description for screen readers — the numbers themselves belong in a table
/// beside it.
public struct LineChart: Sendable {
    public struct Series: Sendable {
        public let cssClass: String
        public let values: [Double?]

        public init(cssClass: String, values: [Double?]) {
            self.cssClass = cssClass
            self.values = values
        }
    }

    /// One entry of the legend: the mark (a series' line by its CSS class, the band, or the
    /// dashed guides) and what it shows.
    public struct Legend: Sendable {
        public enum Mark: Sendable { case line(cssClass: String), band, guide }
        public let mark: Mark
        public let label: String

        public init(_ mark: Mark, _ label: String) {
            self.mark = mark
            self.label = label
        }
    }

    public struct Guide: Sendable {
        public let value: Double
        public let label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public let id: String
    public let title: String
    public let summary: String
    public let series: [Series]
    /// The shaded band's low and high edge per slot.
    public let band: (low: [Double?], high: [Double?])?
    public let guides: [Guide]
    /// Labels under some slots (every few hours, say).
    public let xLabels: [(slot: Int, label: String)]
    /// Labels of the vertical scale.
    public let yTicks: [(value: Double, label: String)]
    /// What each mark shows, under the title; none for a chart of one plain line.
    public let legend: [Legend]

    public init(id: String, title: String, summary: String, series: [Series], band: (low: [Double?], high: [Double?])? = nil,
                guides: [Guide] = [], xLabels: [(slot: Int, label: String)], yTicks: [(value: Double, label: String)], legend: [Legend] = []) {
        self.id = id
        self.title = title
        self.summary = summary
        self.series = series
        self.band = band
        self.guides = guides
        self.xLabels = xLabels
        self.yTicks = yTicks
        self.legend = legend
    }

    /// Drawn in a 340-unit-wide box that the page scales to the screen: the axis labels'
    /// 16 units (the CSS's `.axis`) stay at least 12 px on a 320-px phone.
    private let width = 340.0, height = 200.0, left = 46.0, right = 8.0, top = 12.0, bottom = 28.0

    private var slots: Int { max(series.map(\.values.count).max() ?? 0, band?.low.count ?? 0, 1) }

    private var range: ClosedRange<Double> {
        let values = series.flatMap { $0.values.compactMap { $0 } } + (band.map { ($0.low + $0.high).compactMap { $0 } } ?? [])
            + guides.map(\.value) + yTicks.map(\.value)
        guard let low = values.min(), let high = values.max(), high > low else {
            let only = values.first ?? 0
            return (only - 1)...(only + 1)
        }
        return low...high
    }

    public var figure: HTML {
        var parts: [String] = []
        for tick in yTicks {
            parts.append("<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(tick.value)))\" y2=\"\(f(y(tick.value)))\"/>")
            parts.append("<text class=\"axis\" x=\"\(f(left - 4))\" y=\"\(f(y(tick.value) + 4))\" text-anchor=\"end\">\(HTML.escape(tick.label))</text>")
        }
        for label in xLabels {
            // The last slot's label ends at its point, so the chart's edge does not cut it.
            let anchor = label.slot == slots - 1 && slots > 1 ? "end" : "middle"
            parts.append("<text class=\"axis\" x=\"\(f(x(label.slot)))\" y=\"\(f(height - 4))\" text-anchor=\"\(anchor)\">\(HTML.escape(label.label))</text>")
        }
        if let band {
            for run in runs(band.low, band.high) where run.count > 1 {
                let upper = run.map { "\(f(x($0.slot))),\(f(y($0.high)))" }
                let lower = run.reversed().map { "\(f(x($0.slot))),\(f(y($0.low)))" }
                parts.append("<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\"/>")
            }
        }
        for guide in guides {
            parts.append("<line class=\"guide\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(guide.value)))\" y2=\"\(f(y(guide.value)))\"><title>\(HTML.escape(guide.label))</title></line>")
        }
        for line in series {
            for run in runs(line.values, line.values) {
                if run.count > 1 {
                    parts.append("<polyline class=\"line \(line.cssClass)\" points=\"\(run.map { "\(f(x($0.slot))),\(f(y($0.high)))" }.joined(separator: " "))\"/>")
                } else if let point = run.first {
                    parts.append("<circle class=\"point \(line.cssClass)\" cx=\"\(f(x(point.slot)))\" cy=\"\(f(y(point.high)))\" r=\"3\"/>")
                }
            }
        }
        let svg = """
            <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-labelledby="\(id)-title \(id)-desc">\
            <title id="\(id)-title">\(HTML.escape(title))</title><desc id="\(id)-desc">\(HTML.escape(summary))</desc>\(parts.joined())</svg>
            """
        let caption = H.element("figcaption", [], content: HTMLBuilder.join([
            H.strong(.class("chart-title")) { title },
            legend.isEmpty ? .empty : H.ul(.class("chart-legend")) {
                HTMLBuilder.join(legend.map { entry in
                    H.li { H.span(.class("swatch \(Self.swatchClass(entry.mark))"), .aria("hidden", "true")) { "" }; entry.label }
                })
            },
        ]))
        return H.element("figure", [.class("chart-figure")], content: HTMLBuilder.join([caption, HTML(unsafeRaw: svg)]))
    }

    private static func swatchClass(_ mark: Legend.Mark) -> String {
        switch mark {
        case .line(let cssClass): "swatch-line \(cssClass)"
        case .band: "swatch-band"
        case .guide: "swatch-guide"
        }
    }

    /// The stretches of consecutive slots where both edges have a value.
    private func runs(_ low: [Double?], _ high: [Double?]) -> [[(slot: Int, low: Double, high: Double)]] {
        var runs: [[(slot: Int, low: Double, high: Double)]] = [], current: [(slot: Int, low: Double, high: Double)] = []
        for slot in 0..<min(low.count, high.count) {
            if let l = low[slot], let h = high[slot] {
                current.append((slot, l, h))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private func x(_ slot: Int) -> Double {
        slots > 1 ? left + (width - left - right) * Double(slot) / Double(slots - 1) : (left + width - right) / 2
    }

    private func y(_ value: Double) -> Double {
        let r = range
        return top + (height - top - bottom) * (1 - (value - r.lowerBound) / (r.upperBound - r.lowerBound))
    }

    private func f(_ value: Double) -> String { SVGNumber.oneDecimal(value) }
}
