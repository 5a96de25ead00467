import Foundation
import Kernel

/// A test's questions for its authors: facility and discrimination from the finished
/// attempts, and a flag on those that discriminate poorly or have a distractor nobody picks.
struct QuestionStatisticsView {
    let author: Student
    let test: ZnoshkaTest
    let attempts: Int
    let rows: [(number: Int, question: Question, result: QuestionAnalysis.Result)]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(author, title: l.text("zn.author.statistics"), section: .profile, c) {
            H.p(.class("breadcrumb")) { H.a(.href(AuthorPage.path)) { l.text("zn.author.title") } }
            H.h1 { l.text("zn.author.statistics") }
            H.p { test.title }
            H.p { l.plural("zn.author.statistics_attempts", count: attempts) }
            if attempts < QuestionAnalysis.minimumAttempts {
                H.p(.class("hint")) { l.text("zn.author.statistics_few", ["min": String(QuestionAnalysis.minimumAttempts)]) }
            }
            H.p(.class("hint")) { l.text("zn.author.statistics_explain") }
            Components.tableScroll(label: l.text("zn.author.statistics")) {
                H.table(.class("stats")) {
                    H.thead {
                        H.tr {
                            H.th { "№" }; H.th { l.text("zn.author.facility") }; H.th { l.text("zn.author.discrimination") }
                            H.th { l.text("zn.author.flags") }
                        }
                    }
                    H.tbody { HTMLBuilder.join(rows.map(row)) }
                }
            }
        }
    }

    private func row(_ row: (number: Int, question: Question, result: QuestionAnalysis.Result)) -> HTML {
        let result = row.result
        var flags: [String] = []
        if result.poorlyDiscriminating { flags.append(l.text("zn.author.flag_poor")) }
        if !result.unusedOptions.isEmpty {
            flags.append(l.text("zn.author.flag_unused", ["options": result.unusedOptions.map(ZnoshkaFormat.letter).joined(separator: ", ")]))
        }
        return H.tr(.class(result.isFlagged ? "flagged-row" : nil)) {
            H.td { String(row.number) }
            H.td { result.facility.map(ZnoshkaFormat.percent) ?? "—" }
            H.td { result.discrimination.map { String(format: "%.2f", $0) } ?? "—" }
            H.td { flags.isEmpty ? "—" : flags.joined(separator: "; ") }
        }
    }
}
