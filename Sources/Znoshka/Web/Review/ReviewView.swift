import Foundation
import Kernel

/// The review queue: how many are due, the answer just graded, and the next question due.
struct ReviewView {
    let student: Student
    let due: [ReviewQueueService.DueItem]
    let dueToday: Int
    let total: Int
    let daysToExam: Int?
    /// The answer just given, shown above the next question.
    let graded: ReviewQueueService.Graded?
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.review.title"), section: .review, c) {
            H.h1 { l.text("zn.review.title") }
            H.p(.class("lead")) {
                l.plural("zn.review.due_today", count: dueToday)
                if let daysToExam { " " + l.plural("zn.reminder.days", count: daysToExam) }
            }
            if let graded { result(graded) }
            if let item = due.first {
                question(item)
            } else {
                H.section(.class("card")) {
                    H.p(.class("empty")) { l.text(total == 0 ? "zn.review.empty" : "zn.review.done_today") }
                    if daysToExam == nil { H.p { H.a(.href("\(ZnoshkaWeb.prefix)/profile")) { l.text("zn.review.set_exam") } } }
                }
            }
            H.p(.class("hint")) { l.text("zn.review.about_fsrs") }
        }
    }

    private func result(_ graded: ReviewQueueService.Graded) -> HTML {
        H.section(.class("card review verdict-\(graded.score.verdict.rawValue)"), .role("status")) {
            H.h2 { l.text("zn.verdict.\(graded.score.verdict.rawValue)") }
            H.p { H.strong { l.text("zn.result.your_answer") }; " "; QuestionParts.describe(graded.given, l) }
            H.p { H.strong { l.text("zn.result.right_answer") }; " "; QuestionParts.describe(graded.question.key, l) }
            H.div(.class("explanation")) { ZnoshkaFormat.markdown(QuestionHTML.explanation(graded.question), label: l.text("zn.result.explanation")) }
            H.p(.class("hint")) { l.text("zn.review.next_due", ["day": l.date(graded.nextDue)]) }
        }
    }

    private func question(_ item: ReviewQueueService.DueItem) -> HTML {
        H.section(.class("card question"), .aria("labelledby", "review-question")) {
            H.h2(.id("review-question")) { item.subject?.name(in: l.language) ?? l.text("zn.review.question") }
            QuestionParts.body(item.question, l)
            Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/review/\(item.item.questionID.uuidString.lowercased())") {
                QuestionParts.inputs(item.question, answer: nil, prefix: "review", l)
                Components.primaryButton(l.text("zn.review.check"))
            }
        }
    }
}
