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
        let question = try await req.znoshka.reviews.question(questionID)
        let values = FormState.submitted(by: req).values
        return try await req.showingConflicts(on: "\(ZnoshkaWeb.prefix)/review") {
            do {
                let graded = try await req.znoshka.reviews.answer(questionID, QuestionParts.given(from: values, kind: question.kind), for: student)
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
