import Foundation
import Kernel
import Vapor

/// A question with its right answer, its solutions with votes, comments, reports and (for
/// moderators) hiding, and the form for a new solution.
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
                        if let reason = comment.hiddenReason { H.p(.class("flash flash-error")) { l.text("zn.community.hidden_because", ["reason": reason]) } }
                        if comment.authorID != student.id {
                            report("comment", comment.id!, label: l.text("zn.community.report_comment_named", ["name": name]))
                        }
                        if student.isModerator { moderation("comment", comment.id!, hidden: comment.hiddenAt != nil) }
                    }
                })
            }
            Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/solutions/\(id)/comments", classes: "inline-form") {
                H.input(.type("hidden"), .name("question"), .value(questionID))
                field("text", id: "comment-\(id)", label: l.text("zn.community.comment"), maxLength: CommunityService.commentMaxLength)
                H.button(.type("submit"), .class("button")) { l.text("zn.community.send") }
            }
            if !entry.isMine { report("solution", solution.id!, label: l.text("zn.community.report_named", ["name": entry.authorName])) }
            if student.isModerator { moderation("solution", solution.id!, hidden: solution.hiddenAt != nil) }
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

    /// «Поскаржитися» on a solution or comment of someone else's: to the moderators' queue.
    private func report(_ type: String, _ id: UUID, label: String) -> HTML {
        Components.postForm(c, action: "\(ZnoshkaWeb.prefix)/reports", classes: "inline-form") {
            H.input(.type("hidden"), .name("question"), .value(questionID))
            H.input(.type("hidden"), .name("targetType"), .value(type))
            H.input(.type("hidden"), .name("targetId"), .value(id.uuidString.lowercased()))
            H.input(.type("hidden"), .name("reason"), .value(l.text("zn.community.report_reason")))
            H.button(.type("submit"), .class("button"), .aria("label", label)) { l.text("zn.community.report") }
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
