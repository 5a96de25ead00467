import Foundation
import Kernel

/// A finished attempt: the score, a strip of verdicts, and each question with both
/// answers, the explanation, how many got it right and the way to its discussion.
struct ResultView {
    let student: Student
    let view: AttemptView
    let shareRight: [UUID: Double]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var attempt: Attempt { view.attempt }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.result.title"), section: .subjects, c) {
            H.h1 { view.test.title }
            H.section(.class("card result"), .aria("labelledby", "score-title")) {
                H.h2(.id("score-title")) { l.text("zn.result.title") }
                ZnoshkaFormat.score(attempt, of: view.test, l)
                if let block = attempt.blockID {
                    H.a(.class("button button-block"), .href(BlockResultPage.path(block))) { l.text("zn.block.result_title") }
                }
                Components.postForm(c, action: ZnoshkaWeb.testPath(view.test.id!) + "/start") {
                    H.button(.type("submit"), .class("button button-block")) { l.text("zn.test.retake") }
                }
            }
            H.nav(.class("strip"), .aria("label", l.text("zn.result.strip"))) {
                H.ol {
                    HTMLBuilder.join(view.items.map { item in
                        let verdict = item.verdict ?? .unanswered
                        return H.li {
                            H.a(.href("#r-\(item.number)"), .class("cell verdict-\(verdict.rawValue)"),
                                .aria("label", l.text("zn.taking.question_number", ["number": String(item.number)]) + ", " + l.text("zn.verdict.\(verdict.rawValue)"))) {
                                String(item.number)
                            }
                        }
                    })
                }
            }
            HTMLBuilder.join(view.items.map(reviewed))
        }
    }

    private func reviewed(_ item: AttemptView.Item) -> HTML {
        let verdict = item.verdict ?? .unanswered
        return H.article(.class("card review verdict-\(verdict.rawValue)"), .id("r-\(item.number)"), .aria("labelledby", "r-\(item.number)-title")) {
            H.h2(.id("r-\(item.number)-title")) {
                l.text("zn.taking.question_number", ["number": String(item.number)]) + " "
                H.span(.class("badge verdict-\(verdict.rawValue)")) { l.text("zn.verdict.\(verdict.rawValue)") }
                " "
                H.small { l.text("zn.result.points", ["points": String(item.points ?? 0), "max": String(item.question.kind.maxPoints)]) }
            }
            QuestionParts.answered(item.question, answer: item.answer, l)
            if let share = shareRight[item.questionID] {
                H.p(.class("hint")) { l.text("zn.result.share_right", ["percent": ZnoshkaFormat.percent(share)]) }
            }
            if item.verdict != nil && item.verdict != .unanswered {
                H.a(.class("button"), .href(DiscussionPage.path(item.questionID)),
                    .aria("label", l.text("zn.community.open_named", ["number": String(item.number)]))) { l.text("zn.community.open") }
            }
        }
    }
}
