import Foundation
import Kernel

/// The statistics page: the range's form, the summary (intakes, outcomes, live-release rate
/// and what it counts, median stay), intakes and outcomes by month as bar charts with the
/// same numbers in tables, the range by species, and today's census. Tables are stacked
/// rows on a phone (`.stacked-table`), so nothing scrolls sideways at 320 px.
struct StatisticsView {
    /// Which range's counted figures, in which language.
    struct FiguresKey: Hashable, Sendable {
        let range: StatisticsRange
        let language: Language
    }

    /// The counted figures rendered once per range, language and animals' revision
    /// (`ShelterStatistics.revision`): five years are some 600 numbers and two charts.
    typealias FiguresCache = FragmentCache<FiguresKey, Int64>

    let person: StaffMember
    let form: FormState
    /// Nil when the range typed is not one (the form says why).
    let statistics: ShelterStatistics?
    let figures: FiguresCache
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.statistics.title"), section: .animals,
                         status: form.errors.isEmpty ? .ok : .unprocessableEntity, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AnimalsPage.path)) { l.text("ss.animals.title") } }
            H.h1 { l.text("ss.statistics.title") }
            rangeForm
            if let statistics {
                figures.html(FiguresKey(range: statistics.range, language: c.language), statistics.revision, in: c) { c in
                    StatisticsFigures(statistics: statistics, l: c.localizer).counted
                }
                StatisticsFigures(statistics: statistics, l: l).census
            }
        }
    }

    private var rangeForm: HTML {
        H.form(.class("card statistics-range"), Attribute("method", "get"), Attribute("action", StatisticsPage.path)) {
            Components.errorSummary(form, l)
            H.div(.class("field-pair")) {
                FormField(name: "from", label: l.text("ss.statistics.from"), type: "date").render(form, l)
                FormField(name: "to", label: l.text("ss.statistics.to"), type: "date").render(form, l)
            }
            H.p(.class("hint")) { l.text("ss.statistics.range_hint") }
            H.button(.class("button button-primary"), .type("submit")) { l.text("ss.statistics.show") }
        }
    }
}

/// The figures of one range (the page below its form).
struct StatisticsFigures {
    let statistics: ShelterStatistics
    let l: Localizer

    private var s: ShelterStatistics { statistics }

    /// Everything of the range but today's census: a function of the range's counts and the
    /// language alone.
    var counted: HTML {
        HTMLBuilder.join([
            summary,
            s.intakeTotal + s.outcomeTotal == 0 ? H.p(.class("empty")) { l.text("ss.statistics.empty") } : HTMLBuilder.join([
                intakesChart, outcomesChart, monthTable, speciesTable,
            ]),
        ])
    }

    private func day(_ day: LocalDay) -> String { String(format: "%02d.%02d.%04d", day.day, day.month, day.year) }

    private var summary: HTML {
        H.section(.class("card"), .aria("labelledby", "statistics-summary")) {
            H.h2(.id("statistics-summary")) {
                l.text("ss.statistics.summary") + " · " + l.text("ss.statistics.heading", ["from": day(s.range.from), "to": day(s.range.to)])
            }
            H.dl(.class("reading-facts statistics-facts")) {
                H.div { H.dt { l.text("ss.statistics.intakes") }; H.dd { l.number(s.intakeTotal) } }
                H.div { H.dt { l.text("ss.statistics.outcomes") }; H.dd { l.number(s.outcomeTotal) } }
                H.div {
                    H.dt { l.text("ss.statistics.live_rate") }
                    H.dd(.id("live-release-rate")) {
                        if let rate = s.liveReleaseRate {
                            l.text("ss.statistics.live_rate_value", ["rate": percent(rate), "live": l.number(s.liveOutcomes), "all": l.number(s.outcomeTotal)])
                        } else {
                            l.text("ss.statistics.no_outcomes")
                        }
                    }
                }
                H.div {
                    H.dt { l.text("ss.statistics.median_stay") }
                    H.dd(.id("median-stay")) {
                        if let median = s.medianStayDays {
                            l.text("ss.statistics.median_value", ["days": l.number(median, fractionDigits: median == median.rounded() ? 0 : 1)])
                        } else {
                            l.text("ss.statistics.median_none")
                        }
                    }
                }
            }
            H.p(.class("hint")) { l.text("ss.statistics.live_rate_definition") }
            H.p(.class("hint")) { l.text("ss.statistics.median_hint") }
        }
    }

    private func percent(_ rate: Double) -> String { l.number(rate * 100, fractionDigits: 1) + " %" }

    // MARK: Charts

    private func shortMonth(_ month: String) -> String { "\(month.suffix(2)).\(month.dropFirst(2).prefix(2))" }

    private func monthName(_ month: String) -> String {
        let number = Int(month.suffix(2)) ?? 1
        return l.text("ss.statistics.month_name.\(number)") + " " + month.prefix(4)
    }

    /// Four or five labels under the bars, evenly spread, the first month always.
    private var xLabels: [(slot: Int, label: String)] {
        let every = max(1, Int((Double(s.months.count) / 4).rounded(.up)))
        return stride(from: 0, to: s.months.count, by: every).map { ($0, shortMonth(s.months[$0].month)) }
    }

    private func yTicks(_ totals: [Int]) -> [(value: Double, label: String)] {
        let top = max(totals.max() ?? 0, 1)
        let step = max(1, Int((Double(top) / 2).rounded(.up)))
        return [0, step, step * 2].map { (Double($0), l.number($0)) }
    }

    private func chartSummary(_ totals: [Int]) -> String {
        let total = totals.reduce(0, +)
        guard total > 0, let most = totals.indices.max(by: { totals[$0] < totals[$1] }) else { return l.text("ss.statistics.chart.summary_none") }
        return l.text("ss.statistics.chart.summary", ["total": l.number(total), "count": l.number(totals[most]), "month": monthName(s.months[most].month)])
    }

    private var intakesChart: HTML {
        let totals = s.months.map(\.intakeTotal)
        return BarChart(id: "chart-intakes", title: l.text("ss.statistics.chart.intakes"), summary: chartSummary(totals),
                        series: ShelterStatistics.IntakeKind.allCases.map { kind in
                            BarChart.Series(cssClass: "intake-\(kind.rawValue)", label: l.text("ss.statistics.intake.\(kind.rawValue)"),
                                            values: s.months.map { Double($0.intakes(kind)) })
                        },
                        xLabels: xLabels, yTicks: yTicks(totals)).figure
    }

    private var outcomesChart: HTML {
        let totals = s.months.map(\.outcomeTotal)
        return BarChart(id: "chart-outcomes", title: l.text("ss.statistics.chart.outcomes"), summary: chartSummary(totals),
                        series: ShelterStatistics.outcomeKinds.map { kind in
                            BarChart.Series(cssClass: "outcome-\(kind.rawValue)", label: l.text("ss.movement_kind.\(kind.rawValue)"),
                                            values: s.months.map { Double($0.outcomes(kind)) })
                        },
                        xLabels: xLabels, yTicks: yTicks(totals)).figure
    }

    // MARK: Tables

    /// A column's heading and, per row, its cell.
    private struct Column<Row> {
        let title: String
        let cell: (Row) -> String
    }

    /// A table whose rows stack into labelled lines on a narrow screen: each cell carries
    /// its column's title (`data-label`), shown before it there.
    private func stackedTable<Row>(id: String, labelledBy heading: String, rowTitle: String, rows: [Row], name: (Row) -> String,
                                   columns: [Column<Row>]) -> HTML {
        H.table(.class("stacked-table"), .id(id), .aria("labelledby", heading)) {
            H.thead {
                H.tr {
                    H.th(Attribute("scope", "col")) { rowTitle }
                    HTMLBuilder.join(columns.map { column in H.th(Attribute("scope", "col")) { column.title } })
                }
            }
            H.tbody {
                HTMLBuilder.join(rows.map { row in
                    H.tr {
                        H.th(Attribute("scope", "row")) { name(row) }
                        HTMLBuilder.join(columns.map { column in H.td(.data("label", column.title)) { column.cell(row) } })
                    }
                })
            }
        }
    }

    private var monthTable: HTML {
        let columns: [Column<ShelterStatistics.Month>] =
            ShelterStatistics.IntakeKind.allCases.map { kind in
                Column(title: l.text("ss.statistics.intakes") + ": " + l.text("ss.statistics.intake.\(kind.rawValue)").lowercased()) { l.number($0.intakes(kind)) }
            } + ShelterStatistics.outcomeKinds.map { kind in
                Column(title: l.text("ss.movement_kind.\(kind.rawValue)")) { l.number($0.outcomes(kind)) }
            }
        return H.section(.aria("labelledby", "statistics-by-month")) {
            H.h2(.id("statistics-by-month")) { l.text("ss.statistics.by_month") }
            stackedTable(id: "table-months", labelledBy: "statistics-by-month", rowTitle: l.text("ss.statistics.month"),
                         rows: s.months.reversed(), name: { monthName($0.month) }, columns: columns)
            H.p(.class("hint")) { l.text("ss.statistics.intake_hint") }
        }
    }

    private var speciesTable: HTML {
        let species = Animal.Species.allCases.filter { kind in
            ShelterStatistics.IntakeKind.allCases.contains { s.intakes($0, kind) > 0 } || ShelterStatistics.outcomeKinds.contains { s.outcomes($0, kind) > 0 }
        }
        let columns: [Column<Animal.Species>] =
            ShelterStatistics.IntakeKind.allCases.map { kind in
                Column(title: l.text("ss.statistics.intakes") + ": " + l.text("ss.statistics.intake.\(kind.rawValue)").lowercased()) { l.number(s.intakes(kind, $0)) }
            } + ShelterStatistics.outcomeKinds.map { kind in
                Column(title: l.text("ss.movement_kind.\(kind.rawValue)")) { l.number(s.outcomes(kind, $0)) }
            }
        return H.section(.aria("labelledby", "statistics-by-species")) {
            H.h2(.id("statistics-by-species")) { l.text("ss.statistics.by_species") }
            stackedTable(id: "table-species", labelledBy: "statistics-by-species", rowTitle: l.text("ss.statistics.species"),
                         rows: species, name: { l.text("ss.species.\($0.rawValue)") }, columns: columns)
        }
    }

    /// The shelter's animals living with a fosterer, said under those here (none: nothing);
    /// with tables below, that they are not in them.
    private var fostered: HTML {
        guard s.censusInFoster > 0 else { return .empty }
        let key = s.censusTotal == 0 ? "ss.statistics.census_foster_only" : "ss.statistics.census_foster"
        return H.p(.id("census-foster")) { l.text(key, ["count": l.number(s.censusInFoster)]) }
    }

    var census: HTML {
        H.section(.class("card"), .aria("labelledby", "statistics-census")) {
            H.h2(.id("statistics-census")) { l.text("ss.statistics.census") }
            if s.censusTotal == 0 {
                H.p(.class("empty")) { l.text("ss.statistics.census_none") }
                fostered
            } else {
                H.p { l.text("ss.statistics.census_total", ["count": l.number(s.censusTotal)]) }
                fostered
                H.table(.class("census-table"), .id("census-species")) {
                    H.caption { l.text("ss.statistics.census_species") }
                    H.thead { H.tr { H.th(Attribute("scope", "col")) { l.text("ss.statistics.species") }; H.th(Attribute("scope", "col")) { l.text("ss.statistics.count") } } }
                    H.tbody {
                        HTMLBuilder.join(Animal.Species.allCases.compactMap { species in
                            s.censusBySpecies[species].map { count in
                                H.tr { H.th(Attribute("scope", "row")) { l.text("ss.species.\(species.rawValue)") }; H.td { l.number(count) } }
                            }
                        })
                    }
                }
                H.table(.class("census-table"), .id("census-enclosures")) {
                    H.caption { l.text("ss.statistics.census_enclosures") }
                    H.thead { H.tr { H.th(Attribute("scope", "col")) { l.text("ss.statistics.enclosure") }; H.th(Attribute("scope", "col")) { l.text("ss.statistics.count") } } }
                    H.tbody {
                        HTMLBuilder.join(s.censusByEnclosure.map { entry in
                            H.tr {
                                H.th(Attribute("scope", "row")) {
                                    if let id = entry.enclosureID, let name = entry.name {
                                        H.a(.href(ShelterWeb.enclosurePath(id))) { name }
                                    } else {
                                        l.text("ss.statistics.no_enclosure")
                                    }
                                }
                                H.td { l.number(entry.count) }
                            }
                        })
                    }
                }
            }
        }
    }
}
