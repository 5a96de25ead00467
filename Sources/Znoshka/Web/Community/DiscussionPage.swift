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

    /// The forms below each solution name the question they come back to (`question`).
    static func back(_ req: Request) -> String {
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
        guard moderator.isAuthor else { throw AppError.forbidden }
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

struct DiscussionView {
    let student: Student
    let discussion: Discussion
    let form: FormState
    var status: HTTPResponseStatus = .ok
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var questionID: String { discussion.questionID.uuidString.lowercased() }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.community.title"), section: .review, status: status, c) {
            H.h1 { l.text("zn.community.title") }
            H.section(.class("card question")) {
                QuestionParts.body(discussion.question, l)
                if case .singleChoice = discussion.question.kind { QuestionParts.lettered(discussion.question.options, numbered: false) }
                H.p { H.strong { l.text("zn.result.right_answer") }; " "; QuestionParts.describe(discussion.question.key, l) }
            }
            if discussion.solutions.isEmpty { H.p(.class("empty")) { l.text("zn.community.none") } }
            HTMLBuilder.join(discussion.solutions.map(solution))
            H.section(.class("card"), .aria("labelledby", "new-solution")) {
                H.h2(.id("new-solution")) { l.text("zn.community.new") }
                Components.errorSummary(form, l)
                Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/questions/\(questionID)/solutions") {
                    TextAreaField(name: "text", label: l.text("zn.community.text"), hint: l.text("zn.author.markdown_hint"),
                                  maxLength: CommunityService.solutionMaxLength).render(form, l)
                    Components.primaryButton(l.text("zn.community.publish"))
                }
            }
        }
    }

    private func solution(_ entry: Discussion.Entry) -> HTML {
        let solution = entry.solution
        let id = solution.id!.uuidString.lowercased()
        return H.article(.class("card solution" + (solution.hiddenAt != nil ? " hidden-item" : "")), .aria("label", l.text("zn.community.by", ["name": entry.authorName]))) {
            H.p(.class("hint")) { l.text("zn.community.by", ["name": entry.authorName]) + " · " + l.text("zn.community.score", ["score": String(solution.score)]) }
            if let reason = solution.hiddenReason { H.p(.class("flash flash-error")) { l.text("zn.community.hidden_because", ["reason": reason]) } }
            // Rendered by `TheoryMarkdown` when it was posted: no raw HTML gets through.
            H.div(.class("solution-text")) { ZnoshkaFormat.markdown(solution.html, label: l.text("zn.community.by", ["name": entry.authorName])) }
            if !entry.isMine {
                H.div(.class("answer-actions")) {
                    voteButton(id, value: entry.myVote == 1 ? 0 : 1, label: l.text(entry.myVote == 1 ? "zn.community.unlike" : "zn.community.like"),
                               pressed: entry.myVote == 1)
                    voteButton(id, value: entry.myVote == -1 ? 0 : -1, label: l.text(entry.myVote == -1 ? "zn.community.undislike" : "zn.community.dislike"),
                               pressed: entry.myVote == -1)
                }
            }
            H.ul(.class("plain-list comments")) {
                HTMLBuilder.join(entry.comments.map { comment, name in
                    H.li(.class(comment.hiddenAt != nil ? "hidden-item" : nil)) {
                        H.strong { name }; " "; comment.text
                        if student.isAuthor { moderation("comment", comment.id!, hidden: comment.hiddenAt != nil) }
                    }
                })
            }
            Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/solutions/\(id)/comments", classes: "inline-form") {
                H.input(.type("hidden"), .name("question"), .value(questionID))
                field("text", id: "comment-\(id)", label: l.text("zn.community.comment"), maxLength: CommunityService.commentMaxLength)
                H.button(.type("submit"), .class("button")) { l.text("zn.community.send") }
            }
            if !entry.isMine {
                Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/reports", classes: "inline-form") {
                    H.input(.type("hidden"), .name("question"), .value(questionID))
                    H.input(.type("hidden"), .name("targetType"), .value("solution"))
                    H.input(.type("hidden"), .name("targetId"), .value(id))
                    H.input(.type("hidden"), .name("reason"), .value(l.text("zn.community.report_reason")))
                    H.button(.type("submit"), .class("button"), .aria("label", l.text("zn.community.report_named", ["name": entry.authorName]))) {
                        l.text("zn.community.report")
                    }
                }
            }
            if student.isAuthor { moderation("solution", solution.id!, hidden: solution.hiddenAt != nil) }
        }
    }

    private func voteButton(_ id: String, value: Int, label: String, pressed: Bool) -> HTML {
        Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/solutions/\(id)/vote", classes: "inline-form") {
            H.input(.type("hidden"), .name("question"), .value(questionID))
            H.input(.type("hidden"), .name("value"), .value(String(value)))
            H.button(.type("submit"), .class("button"), .aria("pressed", pressed ? "true" : "false")) { label }
        }
    }

    /// A labelled text field with an id of its own (the page has one such form per solution).
    private func field(_ name: String, id: String, label: String, maxLength: Int) -> HTML {
        H.div(.class("field")) {
            H.label(Attribute("for", id)) { label }
            H.input(.id(id), .type("text"), .name(name), Attribute("maxlength", String(maxLength)), .flag("required"))
        }
    }

    /// A moderator's hide (with a reason) or restore.
    private func moderation(_ type: String, _ id: UUID, hidden: Bool) -> HTML {
        Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/moderation", classes: "inline-form") {
            H.input(.type("hidden"), .name("question"), .value(questionID))
            H.input(.type("hidden"), .name("targetType"), .value(type))
            H.input(.type("hidden"), .name("targetId"), .value(id.uuidString.lowercased()))
            H.input(.type("hidden"), .name("hide"), .value(hidden ? "false" : "true"))
            field("reason", id: "reason-\(id.uuidString.lowercased())", label: l.text(hidden ? "zn.community.restore_reason" : "zn.community.hide_reason"),
                  maxLength: CommunityService.reasonMaxLength)
            H.button(.type("submit"), .class("button")) { l.text(hidden ? "zn.community.restore" : "zn.community.hide") }
        }
    }
}
