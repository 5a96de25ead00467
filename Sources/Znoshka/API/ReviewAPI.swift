import Foundation
import Kernel
import Vapor

/// «Робота над помилками»: the questions due today, and grading an answer to one.
extension ZnoshkaAPI {
    static func reviewQueue(_ req: Request) async throws -> M.ReviewQueue {
        let student = try await req.student()
        let reviews = req.znoshka.reviews
        let due = try await reviews.due(for: student)
        return M.ReviewQueue(dueToday: try await reviews.dueCount(for: student), total: try await reviews.total(for: student),
                             examDate: student.profile.examDate, daysToExam: ZnoshkaFormat.daysToExam(student, now: req.clock.now),
                             items: due.map { M.ReviewQueueItem(questionId: $0.item.questionID, subject: $0.subject?.slug, due: $0.item.due,
                                                                question: questionDTO($0.question)) })
    }

    static func answerReview(_ req: Request) async throws -> M.ReviewGraded {
        let student = try await req.student()
        let questionID = try req.uuidParameter("questionID", notFound: "review_item_not_found", key: "zn.review.not_found")
        let input = try req.content.decode(M.ReviewAnswer.self)
        let graded = try await req.znoshka.reviews.answer(questionID, try input.answer.map(given) ?? nil, for: student)
        return M.ReviewGraded(points: graded.score.points, maxPoints: graded.score.maxPoints, verdict: graded.score.verdict.rawValue,
                              correct: correctDTO(graded.question.key), explanationHtml: QuestionHTML.explanation(graded.question),
                              nextDue: graded.nextDue)
    }
}
