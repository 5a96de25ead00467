import Foundation
import Kernel
import Vapor

/// `GET /znoshka/attempts/<id>/result`: the score (raw points, 100–200 or not passed),
/// and the review: every question with the person's answer, the right one, the
/// explanation and how many people got it right; a way to retake the test.
enum ResultPage {
    static func register(on web: any RoutesBuilder) {
        web.get("attempts", ":attemptID", "result", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let id = try ZnoshkaAPI.attemptID(req)
        let view = try await req.znoshka.attempts.view(id, for: student)
        guard view.attempt.isFinished else { return req.redirect(to: ZnoshkaWeb.attemptPath(id)) }
        let (review, shares) = try await req.znoshka.attempts.review(id, for: student)
        return req.render(ResultView(student: student, view: review, shareRight: shares, c: req.viewContext).page)
    }
}
