import Foundation
import Kernel
import Vapor

/// «Робота над помилками»: `GET /znoshka/review` asks the first question due today;
/// `POST /znoshka/review/<qid>` grades the answer and shows the right one with its
/// explanation before the next.
enum ReviewPage {
    static func register(on web: any RoutesBuilder) {
        web.get("review", use: show)
        web.post("review", ":questionID", use: answer)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return req.render(try await model(student, graded: nil, req).page)
    }

    static func answer(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let questionID = try req.uuidParameter("questionID", notFound: "review_item_not_found", key: "zn.review.not_found")
        guard let stored = try await StoredQuestion.find(questionID, on: req.db) else {
            throw AppError.notFound(code: "review_item_not_found", key: "zn.review.not_found")
        }
        let values = FormState.submitted(by: req).values
        return try await req.showingConflicts(on: "\(ZnoshkaWeb.prefix)/review") {
            do {
                let graded = try await req.znoshka.reviews.answer(questionID, QuestionParts.given(from: values, kind: stored.question.kind), for: student)
                return req.render(try await model(student, graded: graded, req).page)
            } catch let error as AppError where error.status == .unprocessableEntity {
                return req.redirect(to: "\(ZnoshkaWeb.prefix)/review", flash: .error, error.fieldErrors.first?.key ?? error.key)
            }
        }
    }

    private static func model(_ student: Student, graded: ReviewQueueService.Graded?, _ req: Request) async throws -> ReviewView {
        let reviews = req.znoshka.reviews
        return ReviewView(student: student, due: try await reviews.due(for: student, limit: 1), dueToday: try await reviews.dueCount(for: student),
                          total: try await reviews.total(for: student), daysToExam: ZnoshkaFormat.daysToExam(student, now: req.clock.now),
                          graded: graded, c: req.viewContext)
    }
}

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
