import Foundation
import Kernel
import Vapor

/// `GET /znoshka/tests/<id>`: what the test is, how the person did before, and the way in;
/// `POST …/start` starts it (or goes back to the running attempt), also to retake it.
/// A visitor reads the page and is asked to sign up to start, then comes back here.
enum TestPage {
    static func register(on web: any RoutesBuilder) {
        web.get("tests", ":testID", use: show)
        web.post("tests", ":testID", "start", use: start)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.visitorOrStudent()
        let (overview, subject, topic) = try await req.znoshka.catalog.test(try ZnoshkaAPI.testID(req), for: student)
        let history = try await student.asyncMap { student in
            try await req.znoshka.attempts.list(for: student).filter { $0.1.id == overview.test.id }.map(\.0)
        } ?? []
        let bankSize = try await req.znoshka.catalog.bankSize(of: subject)
        return req.render(TestView(student: student, overview: overview, subject: subject, topic: topic, history: history, bankSize: bankSize,
                                   c: req.viewContext).page)
    }

    static func start(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let attempt = try await req.znoshka.attempts.start(try ZnoshkaAPI.testID(req), for: student)
        return req.redirect(to: ZnoshkaWeb.attemptPath(attempt.id!), redirectType: .normal)
    }
}
