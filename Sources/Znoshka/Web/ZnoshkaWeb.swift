import Foundation
import Kernel
import Vapor

/// The web UI under `/znoshka`. Each page is its handlers (`…Page`: parse, call a
/// service, build a view model) and its view (`…View`: view model and `ViewContext` →
/// `Page`); this file mounts them (the shell is `ZnoshkaShell.swift`). Znoshka has no
/// live stream: nothing it does is pushed to an open page.
enum ZnoshkaWeb {
    static let prefix = Znoshka.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        WelcomePage.register(on: web)
        SubjectsPage.register(on: web)
        SubjectPage.register(on: web)
        TopicPage.register(on: web)
        SamplePage.register(on: web)
        TestPage.register(on: web)
        TakingPage.register(on: web)
        ResultPage.register(on: web)
        BlockResultPage.register(on: web)
        ReviewPage.register(on: web)
        StatisticsPage.register(on: web)
        ProfilePage.register(on: web)
        AuthorPage.register(on: web)
        DiscussionPage.register(on: web)
        ModerationPage.register(on: web)
    }

    static func attemptPath(_ id: UUID) -> String { "\(prefix)/attempts/\(id.uuidString.lowercased())" }
    static func testPath(_ id: UUID) -> String { "\(prefix)/tests/\(id.uuidString.lowercased())" }
    static func topicPath(_ id: UUID) -> String { "\(prefix)/topics/\(id.uuidString.lowercased())" }
    static func subjectPath(_ slug: String) -> String { "\(prefix)/subjects/\(slug)" }
}
