import Foundation
import Kernel
import Vapor

/// A question's discussion (`/znoshka/questions/<id>/discussion`), open once the person
/// has answered the question: solutions by score with likes and dislikes, comments,
/// reports, and for moderators hiding and restoring. Every form comes back here.
enum DiscussionPage {
    static func register(on web: any RoutesBuilder) {
        web.get("questions", ":questionID", "discussion", use: show)
        web.post("questions", ":questionID", "solutions", use: postSolution)
        web.post("solutions", ":solutionID", "vote", use: vote)
        web.post("solutions", ":solutionID", "comments", use: comment)
        web.post("reports", use: report)
        web.post("moderation", use: moderate)
    }

    static func path(_ questionID: UUID) -> String { "\(ZnoshkaWeb.prefix)/questions/\(questionID.uuidString.lowercased())/discussion" }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let discussion = try await req.znoshka.community.discussion(of: try ZnoshkaAPI.questionID(req), for: student)
        return req.render(DiscussionView(student: student, discussion: discussion, form: FormState(), c: req.viewContext).page)
    }

    static func postSolution(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let questionID = try ZnoshkaAPI.questionID(req)
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.znoshka.community.post(solution: state.values["text"], to: questionID, by: student)
            return req.redirect(to: path(questionID), flash: .success, "zn.community.posted")
        } catch let error as AppError where error.status == .unprocessableEntity {
            let discussion = try await req.znoshka.community.discussion(of: questionID, for: student)
            return req.render(DiscussionView(student: student, discussion: discussion, form: FormState(values: state.values, errors: error.fieldErrors),
                                             status: error.status, c: req.viewContext).page)
        } catch let error as AppError where error.status == .tooManyRequests {
            return req.redirect(to: path(questionID), flash: .error, error.key, ["count": String(error.count ?? 1)])
        }
    }

    /// The forms below each solution name the question they come back to (`question`); the
    /// moderators' queue says `from=queue`.
    static func back(_ req: Request) -> String {
        if req.content[String.self, at: "from"] == "queue" { return ModerationPage.path }
        let question = req.content[String.self, at: "question"].flatMap(UUID.init(uuidString:))
        return question.map(path) ?? "\(ZnoshkaWeb.prefix)/subjects"
    }

    static func vote(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let value = Int(req.content[String.self, at: "value"] ?? "") ?? 99
        return try await answering(req, back(req)) {
            _ = try await req.znoshka.community.vote(value, on: try ZnoshkaAPI.solutionID(req), by: student)
            return "zn.community.voted"
        }
    }

    static func comment(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return try await answering(req, back(req)) {
            _ = try await req.znoshka.community.comment(req.content[String.self, at: "text"], on: try ZnoshkaAPI.solutionID(req), by: student)
            return "zn.community.commented"
        }
    }

    static func report(_ req: Request) async throws -> Response {
        let student = try await req.student()
        return try await answering(req, back(req)) {
            try await req.znoshka.community.report(req.content[String.self, at: "targetType"] ?? "",
                                                   UUID(uuidString: req.content[String.self, at: "targetId"] ?? "") ?? UUID(),
                                                   reason: req.content[String.self, at: "reason"], by: student)
            return "zn.community.reported"
        }
    }

    static func moderate(_ req: Request) async throws -> Response {
        let moderator = try await req.student()
        guard moderator.isModerator else { throw AppError.forbidden }
        let hide = req.content[String.self, at: "hide"] != "false"
        return try await answering(req, back(req)) {
            try await req.znoshka.community.moderate(req.content[String.self, at: "targetType"] ?? "",
                                                     UUID(uuidString: req.content[String.self, at: "targetId"] ?? "") ?? UUID(),
                                                     hide: hide, reason: req.content[String.self, at: "reason"], by: moderator)
            return hide ? "zn.community.hidden_done" : "zn.community.restored"
        }
    }

    /// Runs a small form's action and goes back to the discussion with what happened; a
    /// refusal a person can act on (a missing text, too fast, their own solution) comes
    /// back as the message.
    private static func answering(_ req: Request, _ back: String, _ action: () async throws -> String) async throws -> Response {
        do {
            return req.redirect(to: back, flash: .success, try await action())
        } catch let error as AppError where [.unprocessableEntity, .tooManyRequests, .conflict].contains(error.status) || error.code == "own_solution" {
            return req.redirect(to: back, flash: .error, error.fieldErrors.first?.key ?? error.key, ["count": String(error.count ?? 1)])
        }
    }
}
