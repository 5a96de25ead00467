import Foundation
import Kernel
import Vapor

/// The content: subjects, topics with their theory, and tests with how the person did.
extension ZnoshkaAPI {
    static func subjects(_ req: Request) async throws -> [M.SubjectListed] {
        _ = try await req.student()
        let counts = try await req.znoshka.catalog.bankSizes()
        return try await req.znoshka.catalog.subjects().map { subject in
            M.SubjectListed(id: subject.id!, slug: subject.slug, name: subject.name(in: req.language), questionCount: counts[subject.id!] ?? 0)
        }
    }

    static func subject(_ req: Request) async throws -> M.SubjectDetail {
        let student = try await req.student()
        let overview = try await req.znoshka.catalog.subject(slug: req.parameters.get("slug") ?? "", for: student)
        let subject = overview.subject
        return M.SubjectDetail(id: subject.id!, slug: subject.slug, name: subject.name(in: req.language),
                               topics: overview.topics.map { M.TopicSummary(id: $0.topic.id!, title: $0.topic.title,
                                                                            pages: $0.pages.map { M.PageSummary(id: $0.id!, title: $0.title) }) },
                               tests: overview.tests.map(testSummary))
    }

    static func topic(_ req: Request) async throws -> M.TopicDetail {
        let student = try await req.student()
        let id = try req.uuidParameter("topicID", notFound: "topic_not_found", key: "zn.topic.not_found")
        let (topic, subject, pages, tests) = try await req.znoshka.catalog.topic(id)
        let overviews = try await req.znoshka.catalog.overviews(tests, for: student)
        return M.TopicDetail(id: id, title: topic.title, subject: summary(subject, req.language),
                             pages: pages.map { M.TheoryPageDTO(id: $0.id!, title: $0.title, markdown: $0.markdown, html: $0.html) },
                             tests: overviews.map(testSummary))
    }

    static func test(_ req: Request) async throws -> M.TestSummary {
        let student = try await req.student()
        return testSummary(try await req.znoshka.catalog.test(try testID(req), for: student).0)
    }
}
