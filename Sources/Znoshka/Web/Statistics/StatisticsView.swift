import Foundation
import Kernel

/// Each subject's figures: tests done, accuracy, the 100–200 score to expect, the trend
/// as a chart and a table, topics from weakest, and the next test suggested.
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
