import Foundation
import Kernel

/// A week of rest as a chart (bars or a line, by a toggle), drawn on the server as SVG,
/// with the same numbers in a table for anyone who cannot see the picture; and the
/// average rating per category.
struct StatisticsView {
    enum Chart: String { case bar, line }

    let planner: Planner
    /// The week's Monday.
    let week: LocalDay
    let chart: Chart
    let stats: WeekStatistics
    /// The person's categories, to name the rated ones.
    let categories: [RestCategory]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        let title = l.text("fx.statistics.title", ["from": week.dayMonth, "to": week.adding(days: 6).dayMonth])
        return FuctivityWeb.shell(planner, title: title, section: .statistics, c) {
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
                StatisticsChart(stats: stats, chart: chart, c: c).figure
                Components.tableScroll(label: l.text("fx.statistics.table_label")) { dayTable }
            }
            H.section(.class("card")) {
                H.h2 { l.text("fx.statistics.ratings") }
                if stats.ratings.isEmpty {
                    H.p(.class("hint")) { l.text("fx.statistics.no_ratings") }
                } else {
                    // Like the day table: at 320 px the three columns need 12 px more than the screen.
                    Components.tableScroll(label: l.text("fx.statistics.ratings")) { ratingTable }
                }
            }
        }
    }

    private func link(_ day: LocalDay, _ chart: Chart) -> String {
        "\(FuctivityWeb.prefix)/statistics?day=\(day)&chart=\(chart.rawValue)"
    }

    /// The chart's numbers: rested, planned and target per day.
    private var dayTable: HTML {
        H.table(.class("numbers")) {
            H.caption { l.text("fx.statistics.table_caption") }
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

    /// The average rating and how many ratings, per category.
    private var ratingTable: HTML {
        let names = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0.name(in: l.language)) })
        return H.table(.class("numbers")) {
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
