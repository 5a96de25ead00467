import Foundation
import Kernel

/// A subject's tests, not yet done and done, and its topics' theory. A visitor sees the
/// tests in one list, with a sample to try and the way to sign up.
struct SubjectView {
    let student: Student?
    let overview: SubjectOverview
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var done: [TestOverview] { overview.tests.filter { $0.lastFinished != nil } }
    private var notDone: [TestOverview] { overview.tests.filter { $0.lastFinished == nil } }

    var page: Page {
        let name = overview.subject.name(in: l.language)
        return ZnoshkaWeb.shell(student, title: name, section: .subjects, c) {
            H.h1 { name }
            if student == nil { VisitorParts.invitation(sample: overview.subject.slug, returningTo: ZnoshkaWeb.subjectPath(overview.subject.slug), c) }
            H.section(.class("card"), .aria("labelledby", "tests-title")) {
                H.h2(.id("tests-title")) { l.text("zn.subject.tests") }
                if student == nil {
                    H.ul(.class("plain-list test-cards")) { HTMLBuilder.join(overview.tests.map(card)) }
                } else {
                    byProgress
                }
            }
            H.section(.class("card"), .aria("labelledby", "theory-title")) {
                H.h2(.id("theory-title")) { l.text("zn.subject.theory") }
                H.ol(.class("topic-list")) {
                    HTMLBuilder.join(overview.topics.map { topic in
                        H.li { H.a(.href(ZnoshkaWeb.topicPath(topic.topic.id!))) { topic.topic.title } }
                    })
                }
            }
        }
    }

    /// The tests not yet done beside those done.
    private var byProgress: HTML {
        H.div(.class("test-columns")) {
            H.div {
                H.h3 { l.text("zn.subject.not_done") }
                if notDone.isEmpty { H.p(.class("empty")) { l.text("zn.subject.all_done") } }
                H.ul(.class("plain-list test-cards")) { HTMLBuilder.join(notDone.map(card)) }
            }
            H.div {
                H.h3 { l.text("zn.subject.done") }
                if done.isEmpty { H.p(.class("empty")) { l.text("zn.subject.none_done") } }
                H.ul(.class("plain-list test-cards")) { HTMLBuilder.join(done.map(card)) }
            }
        }
    }

    private func card(_ test: TestOverview) -> HTML {
        H.li(.class("test-card")) {
            H.a(.href(ZnoshkaWeb.testPath(test.test.id!))) {
                H.strong { test.test.title }
                H.span(.class("test-meta")) {
                    l.text("zn.test.kind.\(test.test.kind)") + " · " + l.plural("zn.test.questions", count: test.questionCount)
                        + " · " + l.plural("zn.test.minutes", count: test.test.minutes)
                }
                if let last = test.lastFinished { H.span(.class("test-score")) { ResultFormat.outcome(last, l) } }
                if test.running != nil { H.span(.class("test-running")) { l.text("zn.test.running") } }
            }
        }
    }
}

/// How a finished attempt's score reads: «156 балів (31 з 45)» or «Не склав (5 з 45)».
enum ResultFormat {
    static func outcome(_ attempt: Attempt, _ l: Localizer) -> String {
        let raw = l.text("zn.result.raw", ["raw": String(attempt.rawPoints ?? 0), "max": String(attempt.maxPoints)])
        guard attempt.passed == true, let scaled = attempt.scaled else { return l.text("zn.result.not_passed") + " (" + raw + ")" }
        return l.text("zn.result.scaled", ["score": String(scaled)]) + " (" + raw + ")"
    }
}
