import Foundation
import Kernel

/// An enclosure's temperature and humidity charts over the chosen range, with the figures
/// in a table for those who do not read charts.
struct ChartView {
    let person: StaffMember
    let enclosure: Enclosure
    let chart: EnclosureChart
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var unit: TemperatureUnit { person.unit }
    private var path: String { ShelterWeb.enclosurePath(enclosure.id!) + "/chart" }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.chart.title", ["name": enclosure.name]), section: .dashboard, c) {
            H.p(.class("breadcrumb")) { H.a(.href(ShelterWeb.enclosurePath(enclosure.id!))) { enclosure.name } }
            H.h1 { l.text("ss.chart.title", ["name": enclosure.name]) }
            H.nav(.class("range-switch"), .aria("label", l.text("ss.chart.range"))) {
                HTMLBuilder.join(ChartRange.allCases.map { range in
                    H.a(.href("\(path)?range=\(range.rawValue)"), .class("button"),
                        .aria("current", range == chart.range ? "page" : nil)) { l.text("ss.chart.range.\(range.rawValue)") }
                })
            }
            if chart.spans.isEmpty {
                H.p(.class("empty")) { l.text("ss.chart.empty") }
            } else {
                temperatureChart
                humidityChart
                heatStressChart
                table
            }
        }
    }

    private var slots: [Rollup?] { chart.slots }

    private func at(_ slot: Int) -> Date { chart.start.addingTimeInterval(Double(slot) * chart.pointSeconds) }

    private func label(_ date: Date) -> String {
        switch chart.range {
        case .day: l.time(date)
        case .week: l.dateTime(date)
        case .month: l.date(date)
        }
    }

    private var xLabels: [(slot: Int, label: String)] {
        let every = chart.range == .day ? 6 : chart.range == .week ? 4 : 7
        return stride(from: 0, to: chart.range.points, by: every).map { slot in
            let date = at(slot)
            return (slot, chart.range == .day ? l.time(date) : String(l.date(date).prefix(5)))
        }
    }

    private func t(_ celsius: Double) -> Double { unit.value(ofCelsius: celsius) }

    private var temperatureChart: HTML {
        let conditions = enclosure.conditions
        let means = slots.map { $0.map { t($0.meanTemperature) } }
        let low = (means.compactMap { $0 } + [t(conditions.minTemperature)]).min() ?? 0
        let high = (means.compactMap { $0 } + [t(conditions.maxTemperature)]).max() ?? 0
        return LineChart(
            id: "chart-temperature", title: l.text("ss.chart.temperature", ["unit": unit.symbol]),
            summary: l.text("ss.chart.temperature_summary", [
                "min": ShelterFormat.temperature(chart.spans.map(\.minTemperature).min() ?? 0, unit, l),
                "max": ShelterFormat.temperature(chart.spans.map(\.maxTemperature).max() ?? 0, unit, l)]),
            series: [LineChart.Series(cssClass: "mean", values: means)],
            band: (slots.map { $0.map { t($0.minTemperature) } }, slots.map { $0.map { t($0.maxTemperature) } }),
            // In the person's unit, as the line is: the form's labels say °C, what it takes.
            guides: [LineChart.Guide(value: t(conditions.minTemperature), label: l.text("ss.chart.min_temperature", ["unit": unit.symbol])),
                     LineChart.Guide(value: t(conditions.maxTemperature), label: l.text("ss.chart.max_temperature", ["unit": unit.symbol]))],
            xLabels: xLabels, yTicks: ticks(low, high, unit.symbol), legend: legend(line: "mean")
        ).figure
    }

    /// The same three marks on the temperature and humidity charts (each its line's colour).
    private func legend(line: String) -> [LineChart.Legend] {
        [LineChart.Legend(.line(cssClass: line), l.text("ss.chart.legend.mean")), LineChart.Legend(.band, l.text("ss.chart.legend.band")),
         LineChart.Legend(.guide, l.text("ss.chart.legend.target"))]
    }

    /// The highest heat-stress index (THI) of each slot against the bands' thresholds.
    private var heatStressChart: HTML {
        let values = slots.map { $0?.maxHeatStress }
        let thresholds = HeatStress.Band.thresholds
        let low = min(values.compactMap { $0 }.min() ?? thresholds[0], thresholds[0] - 5)
        return LineChart(
            id: "chart-heat", title: l.text("ss.chart.heat"),
            summary: l.text("ss.chart.heat_summary", ["max": l.number(chart.spans.map(\.maxHeatStress).max() ?? 0, fractionDigits: 0),
                                                       "band": ShelterFormat.band(HeatStress.Band(index: chart.spans.map(\.maxHeatStress).max() ?? 0), l)]),
            series: [LineChart.Series(cssClass: "mean heat", values: values)],
            guides: zip(thresholds, [HeatStress.Band.alert, .danger, .emergency]).map { value, band in
                LineChart.Guide(value: value, label: ShelterFormat.band(band, l))
            },
            xLabels: xLabels,
            yTicks: [low.rounded(.down), thresholds[0], thresholds[2]].map { ($0, l.number($0, fractionDigits: 0)) },
            legend: [LineChart.Legend(.line(cssClass: "mean heat"), l.text("ss.chart.legend.heat")),
                     LineChart.Legend(.guide, l.text("ss.chart.legend.heat_bands", [
                        "alert": l.number(thresholds[0], fractionDigits: 0), "danger": l.number(thresholds[1], fractionDigits: 0),
                        "emergency": l.number(thresholds[2], fractionDigits: 0)]))]
        ).figure
    }

    private var humidityChart: HTML {
        let means = slots.map { $0.map(\.meanHumidity) }
        return LineChart(
            id: "chart-humidity", title: l.text("ss.chart.humidity"),
            summary: l.text("ss.chart.humidity_summary", [
                "min": ShelterFormat.percent(chart.spans.map(\.minHumidity).min() ?? 0, l),
                "max": ShelterFormat.percent(chart.spans.map(\.maxHumidity).max() ?? 0, l)]),
            series: [LineChart.Series(cssClass: "mean humidity", values: means)],
            band: (slots.map { $0.map(\.minHumidity) }, slots.map { $0.map(\.maxHumidity) }),
            guides: [LineChart.Guide(value: enclosure.minHumidity, label: l.text("ss.field.min_humidity")),
                     LineChart.Guide(value: enclosure.maxHumidity, label: l.text("ss.field.max_humidity"))],
            xLabels: xLabels, yTicks: ticks(0, 100, "%"), legend: legend(line: "mean humidity")
        ).figure
    }

    /// Three labels over the range, rounded to whole numbers.
    private func ticks(_ low: Double, _ high: Double, _ suffix: String) -> [(value: Double, label: String)] {
        let bottom = low.rounded(.down), top = high.rounded(.up)
        return [bottom, ((bottom + top) / 2).rounded(), top].map { ($0, "\(Int($0))\(suffix == "%" ? "%" : "°")") }
    }

    private var table: HTML {
        Components.tableScroll(label: l.text("ss.chart.table")) {
            H.table {
                H.thead {
                    H.tr {
                        H.th(Attribute("scope", "col")) { l.text("ss.reading.at_label") }
                        H.th(Attribute("scope", "col")) { l.text("ss.chart.temperature_column") }
                        H.th(Attribute("scope", "col")) { l.text("ss.chart.humidity_column") }
                        H.th(Attribute("scope", "col")) { l.text("ss.chart.heat_column") }
                    }
                }
                H.tbody {
                    HTMLBuilder.join(chart.spans.reversed().map { span in
                        H.tr {
                            H.td { label(span.start) }
                            H.td {
                                "\(ShelterFormat.temperature(span.meanTemperature, unit, l)) (\(ShelterFormat.temperature(span.minTemperature, unit, l)) – \(ShelterFormat.temperature(span.maxTemperature, unit, l)))"
                            }
                            H.td { ShelterFormat.percent(span.meanHumidity, l) }
                            H.td { "\(l.number(span.maxHeatStress, fractionDigits: 0)) · \(ShelterFormat.band(HeatStress.Band(index: span.maxHeatStress), l))" }
                        }
                    })
                }
            }
        }
    }
}
