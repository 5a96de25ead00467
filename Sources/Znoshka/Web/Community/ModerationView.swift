import Foundation
import Kernel

/// The moderators' queue: each reported solution or comment as written, who wrote it, the
/// reports' reasons with who sent them and when, the way to its discussion, and one form
/// to hide it or keep it visible with a reason (which decides its reports). Below, the
/// people who reported often lately and how their reports were decided.
struct ModerationView {
    let student: Student
    let queue: ModerationQueue
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: l.text("zn.moderation.title"), section: .profile, c) {
            H.h1 { l.text("zn.moderation.title") }
            if queue.items.isEmpty { H.p(.class("empty")) { l.text("zn.moderation.empty") } }
            HTMLBuilder.join(queue.items.map(item))
            if !queue.frequentReporters.isEmpty {
                H.section(.class("card"), .aria("labelledby", "frequent")) {
                    H.h2(.id("frequent")) { l.text("zn.moderation.frequent", ["days": String(ModerationQueue.reporterWindowDays)]) }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(queue.frequentReporters.map { reporter in
                            H.li {
                                H.strong { reporter.name }
                                " — " + l.plural("zn.moderation.reports", count: reporter.reports) + " "
                                    + l.text("zn.moderation.decided", ["upheld": String(reporter.upheld), "dismissed": String(reporter.dismissed)])
                            }
                        })
                    }
                }
            }
        }
    }

    private func item(_ item: ModerationQueue.Item) -> HTML {
        let id = item.targetID.uuidString.lowercased()
        let kind = l.text("zn.moderation.kind.\(item.targetType)", ["name": item.authorName])
        return H.article(.class("card reported" + (item.hiddenAt != nil ? " hidden-item" : "")), .aria("label", kind)) {
            H.h2 { kind }
            if item.hiddenAt != nil { H.p(.class("flash flash-error")) { l.text("zn.moderation.hidden") } }
            H.blockquote(.class("reported-text")) { item.text }
            H.h3 { l.plural("zn.moderation.reports", count: item.reports.count) }
            H.ul(.class("plain-list")) {
                HTMLBuilder.join(item.reports.map { report in
                    H.li { "«\(report.reason)» — " + report.reporterName + ", " + l.dateTime(report.at) }
                })
            }
            H.p { H.a(.href(DiscussionPage.path(item.questionID))) { l.text("zn.moderation.open") } }
            Components.postForm(c, action: ModerationPage.path, classes: "inline-form") {
                H.input(.type("hidden"), .name("from"), .value("queue"))
                H.input(.type("hidden"), .name("targetType"), .value(item.targetType))
                H.input(.type("hidden"), .name("targetId"), .value(id))
                H.div(.class("field")) {
                    H.label(Attribute("for", "reason-\(id)")) { l.text("zn.moderation.reason") }
                    H.input(.id("reason-\(id)"), .type("text"), .name("reason"), Attribute("maxlength", String(CommunityService.reasonMaxLength)),
                            .flag("required"))
                }
                H.div(.class("answer-actions")) {
                    H.button(.type("submit"), .name("hide"), .value("true"), .class("button button-primary")) { l.text("zn.moderation.hide") }
                    H.button(.type("submit"), .name("hide"), .value("false"), .class("button")) {
                        l.text(item.hiddenAt != nil ? "zn.moderation.restore" : "zn.moderation.keep")
                    }
                }
            }
        }
    }
}
