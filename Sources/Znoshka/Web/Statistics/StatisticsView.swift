import Foundation
import Kernel

/// Each subject's figures: its progress and topic map, tests done, accuracy, the 100–200
/// score to expect, the trend as a chart and a table, and the next test suggested.
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
            H.p(.class("progress-line")) { l.text("zn.map.progress", ["percent": ZnoshkaFormat.percent(stats.progress)]) }
            if stats.testsDone == 0 {
                H.p(.class("empty")) { l.text("zn.statistics.none") }
            } else {
                H.ul(.class("facts")) {
                    H.li { l.plural("zn.statistics.tests_done", count: stats.testsDone) }
                    if let accuracy = stats.accuracy { H.li { l.text("zn.statistics.accuracy", ["percent": ZnoshkaFormat.percent(accuracy)]) } }
                    if let prediction = stats.prediction { H.li { predicted(prediction) } }
                }
                if stats.prediction == nil { H.p(.class("hint")) { l.text("zn.statistics.no_prediction") } }
            }
            if let weakest = stats.weakest { H.p { l.text("zn.statistics.weakest", ["topic": weakest.topic.title]) } }
            if let test = stats.suggestedTest {
                H.a(.class("button button-block"), .href(ZnoshkaWeb.testPath(test.id!))) { l.text("zn.statistics.suggested", ["title": test.title]) }
            }
            topicMap(stats)
            if stats.testsDone > 0 { trend(stats, name: name) }
        }
    }

    /// Each finished attempt's accuracy, as a chart and as a table.
    private func trend(_ stats: SubjectStatistics, name: String) -> HTML {
        HTMLBuilder.join([
            TrendChart(points: stats.trend, id: "trend-\(stats.subject.slug)", title: l.text("zn.statistics.trend_of", ["subject": name]), c: c).figure,
            Components.tableScroll(label: l.text("zn.statistics.trend_of", ["subject": name])) {
                H.table {
                    H.thead { H.tr { H.th { l.text("zn.statistics.when") }; H.th { l.text("zn.statistics.test") }; H.th { l.text("zn.statistics.share") } } }
                    H.tbody {
                        HTMLBuilder.join(stats.trend.map { point in
                            H.tr { H.td { l.date(point.finishedAt) }; H.td { point.testTitle }; H.td { ZnoshkaFormat.percent(point.accuracy) } }
                        })
                    }
                }
            },
        ])
    }

    /// Each topic of the subject's programme with how well it is known, linked to its
    /// theory and tests.
    private func topicMap(_ stats: SubjectStatistics) -> HTML {
        let id = "map-\(stats.subject.slug)"
        return H.div(.class("topic-map")) {
            H.h3(.id(id)) { l.text("zn.map.title") }
            H.ol(.class("plain-list map-topics"), .aria("labelledby", id)) {
                HTMLBuilder.join(stats.map.map { entry in
                    let figure = l.text("zn.map.level.\(entry.mastery.level.rawValue)")
                        + (entry.mastery.level == .notStarted ? "" : " · " + ZnoshkaFormat.percent(entry.mastery.value))
                    return H.li(.class("map-topic level-\(entry.mastery.level.rawValue)")) {
                        H.a(.href(ZnoshkaWeb.topicPath(entry.topic.id!))) { entry.topic.title }
                        H.span(.class("map-figure")) { figure }
                        H.meter(Attribute("min", "0"), Attribute("max", "100"), Attribute("low", "50"), Attribute("high", "80"),
                                Attribute("optimum", "100"), .value(String(Int((entry.mastery.value * 100).rounded()))),
                                .aria("label", entry.topic.title + ": " + figure)) { figure }
                    }
                })
            }
        }
    }

    private func predicted(_ prediction: ScorePrediction) -> String {
        func text(_ outcome: ConversionTable.Outcome) -> String { outcome.scaled.map(String.init) ?? l.text("zn.result.not_passed") }
        return l.plural(prediction.usesTopicMap ? "zn.statistics.prediction_map" : "zn.statistics.prediction", count: prediction.attempts,
                        ["score": text(prediction.expected), "low": text(prediction.low), "high": text(prediction.high)])
    }
}
