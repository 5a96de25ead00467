import Foundation
import Kernel

/// A test's facts, the way in (start, continue, or the newer version), its topic's theory,
/// and the person's finished attempts at it. A visitor is asked to sign up to start, and
/// comes back here.
struct TestView {
    let student: Student?
    let overview: TestOverview
    let subject: Subject
    let topic: Topic?
    let history: [Attempt]
    /// How many questions the subject's bank holds, which a simulation's papers are drawn from.
    let bankSize: Int
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var test: ZnoshkaTest { overview.test }

    var page: Page {
        ZnoshkaWeb.shell(student, title: test.title, section: .subjects, c) {
            H.p(.class("breadcrumb")) { H.a(.href(ZnoshkaWeb.subjectPath(subject.slug))) { subject.name(in: l.language) } }
            H.h1 { test.title }
            H.section(.class("card")) {
                H.ul(.class("facts")) {
                    H.li { l.text("zn.test.kind.\(test.kind)") }
                    H.li { l.plural("zn.test.questions", count: overview.questionCount) }
                    H.li { l.plural("zn.test.minutes", count: test.minutes) }
                    H.li { l.text("zn.test.max_points", ["max": String(test.maxRaw)]) }
                    H.li { l.text("zn.test.threshold", ["threshold": String(test.threshold)]) }
                }
                ZnoshkaFormat.tableNote(test, l)
                if student == nil {
                    H.p { l.text("zn.visitor.start") }
                    VisitorParts.waysIn(returningTo: ZnoshkaWeb.testPath(test.replacedBy ?? test.id!), primary: true, c)
                } else if let running = overview.running {
                    H.a(.class("button button-primary button-block"), .href(ZnoshkaWeb.attemptPath(running.id!))) { l.text("zn.test.continue") }
                } else if let newer = test.replacedBy {
                    // An author's edit made a new version; attempts here stay readable below.
                    H.p { l.text("zn.test.replaced") }
                    H.a(.class("button button-primary button-block"), .href(ZnoshkaWeb.testPath(newer))) { l.text("zn.test.open_newer") }
                } else {
                    Components.postForm(c, action: ZnoshkaWeb.testPath(test.id!) + "/start") {
                        Components.primaryButton(l.text(history.isEmpty ? "zn.test.start" : "zn.test.retake"))
                    }
                }
                // Below the way in, which stays in the first screen.
                if test.testKind == .simulation && bankSize > overview.questionCount {
                    H.p(.class("hint")) { l.plural("zn.test.fresh", count: bankSize) }
                }
                if let topic { H.p { H.a(.href(ZnoshkaWeb.topicPath(topic.id!))) { l.text("zn.test.theory", ["topic": topic.title]) } } }
            }
            let finished = history.filter(\.isFinished)
            if !finished.isEmpty {
                H.section(.class("card"), .aria("labelledby", "history-title")) {
                    H.h2(.id("history-title")) { l.text("zn.test.history") }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(finished.map { attempt in
                            H.li {
                                H.a(.href(ZnoshkaWeb.attemptPath(attempt.id!) + "/result")) {
                                    l.dateTime(attempt.finishedAt!) + " — " + ResultFormat.outcome(attempt, l)
                                }
                            }
                        })
                    }
                }
            }
        }
    }
}
