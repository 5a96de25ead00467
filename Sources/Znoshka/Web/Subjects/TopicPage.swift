import Foundation
import Kernel
import Vapor

/// `GET /znoshka/topics/<id>`: the topic's theory (Markdown rendered on the server, with
/// formulas as MathML) and its tests.
enum TopicPage {
    static func register(on web: any RoutesBuilder) {
        web.get("topics", ":topicID", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let id = try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
        let (topic, subject, pages, tests) = try await req.znoshka.catalog.topic(id)
        let overviews = try await req.znoshka.catalog.overviews(tests, for: student)
        return req.render(TopicView(student: student, topic: topic, subject: subject, pages: pages, tests: overviews, c: req.viewContext).page)
    }
}

struct TopicView {
    let student: Student
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
            if !tests.isEmpty {
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
