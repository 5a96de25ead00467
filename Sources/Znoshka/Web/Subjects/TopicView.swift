import Foundation
import Kernel

/// A topic's theory pages and its tests.
struct TopicView {
    let student: Student?
    let topic: Topic
    let subject: Subject
    let pages: [TheoryPage]
    let tests: [TestOverview]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ZnoshkaWeb.shell(student, title: topic.title, section: .subjects, c) {
            H.p(.class("breadcrumb")) { H.a(.href(ZnoshkaWeb.subjectPath(subject.slug))) { subject.name(in: l.language) } }
            H.h1 { topic.title }
            if pages.isEmpty { H.p(.class("empty")) { l.text("zn.topic.no_theory") } }
            HTMLBuilder.join(pages.map { page in
                // The page's HTML was made from Markdown by `TheoryMarkdown`, which lets no raw HTML through.
                H.article(.class("card theory")) {
                    if page.title != topic.title { H.h2 { page.title } }
                    ZnoshkaFormat.markdown(page.html, label: page.title)
                }
            })
            if tests.isEmpty {
                // No dead end: the subject's tests, whose simulations ask the topic's questions.
                H.section(.class("card")) {
                    H.p { l.text("zn.topic.no_tests") }
                    H.a(.class("button button-block"), .href(ZnoshkaWeb.subjectPath(subject.slug))) {
                        l.text("zn.topic.subject_tests", ["subject": subject.name(in: l.language)])
                    }
                }
            } else {
                H.section(.class("card"), .aria("labelledby", "topic-tests")) {
                    H.h2(.id("topic-tests")) { l.text("zn.topic.tests") }
                    H.ul(.class("plain-list")) {
                        HTMLBuilder.join(tests.map { test in
                            H.li { H.a(.class("button button-block"), .href(ZnoshkaWeb.testPath(test.test.id!))) { test.test.title } }
                        })
                    }
                }
            }
        }
    }
}
