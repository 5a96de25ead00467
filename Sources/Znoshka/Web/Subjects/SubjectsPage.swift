import Foundation
import Kernel
import Vapor

/// `GET /znoshka/subjects`: the subjects, the НМТ blocks to sit as on the day, and how
/// many questions wait for review today (a visitor finds the subjects on the welcome
/// page). `POST /znoshka/blocks` starts a block.
enum SubjectsPage {
    static func register(on web: any RoutesBuilder) {
        web.get("subjects", use: show)
        web.post("blocks", use: startBlock)
    }

    static func show(_ req: Request) async throws -> Response {
        guard let student = try await req.visitorOrStudent() else { return req.redirect(to: "\(ZnoshkaWeb.prefix)/") }
        let subjects = try await req.znoshka.catalog.subjects()
        let due = try await req.znoshka.reviews.dueCount(for: student)
        let running = try await req.znoshka.attempts.list(for: student, limit: 10).filter { !$0.0.isFinished }
        let chosen = try await req.znoshka.catalog.chosenSubjects()
        return req.render(SubjectsView(student: student, subjects: subjects, chosen: chosen, dueToday: due, running: running,
                                       plan: try await StudyPlanModel.load(req, for: student), c: req.viewContext).page)
    }

    static func startBlock(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let block = Int(req.content[String.self, at: "block"] ?? "") ?? 0
        let attempts = try await req.znoshka.attempts.startBlock(block, chosen: req.content[String.self, at: "subject"], for: student)
        return req.redirect(to: ZnoshkaWeb.attemptPath(attempts[0].id!), redirectType: .normal)
    }
}
