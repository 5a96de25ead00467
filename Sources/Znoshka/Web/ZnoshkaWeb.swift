import Foundation
import Kernel
import Vapor

/// The web UI under `/znoshka`. Each page is its handlers (`…Page`: parse, call a
/// service, build a view model) and its view (`…View`: view model and `ViewContext` →
/// `Page`); this file mounts them and holds the shell.
enum ZnoshkaWeb {
    static let prefix = Znoshka.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        WelcomePage.register(on: web)
        SignUpPage.register(on: web)
        SubjectsPage.register(on: web)
        SubjectPage.register(on: web)
        TopicPage.register(on: web)
        TestPage.register(on: web)
        TakingPage.register(on: web)
        ResultPage.register(on: web)
        ReviewPage.register(on: web)
        StatisticsPage.register(on: web)
        ProfilePage.register(on: web)
        AuthorPage.register(on: web)
        DiscussionPage.register(on: web)
    }

    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case subjects, review, statistics, profile, none }

    /// A page in the app's shell, with the four tabs for signed-in people.
    static func shell(_ student: Student?, title: String, section: Section, status: HTTPResponseStatus = .ok, scripts: [String] = [],
                      _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        let l = c.localizer
        return Page(title: title, app: Znoshka.descriptor, content: content(), tabs: student == nil ? [] : tabs(section, l),
                    scripts: scripts, status: status)
    }

    private static func tabs(_ section: Section, _ l: Localizer) -> [Tab] {
        [Tab(label: l.text("zn.tab.subjects"), href: "\(prefix)/subjects", isCurrent: section == .subjects),
         Tab(label: l.text("zn.tab.review"), href: "\(prefix)/review", isCurrent: section == .review),
         Tab(label: l.text("zn.tab.statistics"), href: "\(prefix)/statistics", isCurrent: section == .statistics),
         Tab(label: l.text("zn.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
    }

    static func attemptPath(_ id: UUID) -> String { "\(prefix)/attempts/\(id.uuidString.lowercased())" }
    static func testPath(_ id: UUID) -> String { "\(prefix)/tests/\(id.uuidString.lowercased())" }
    static func topicPath(_ id: UUID) -> String { "\(prefix)/topics/\(id.uuidString.lowercased())" }
    static func subjectPath(_ slug: String) -> String { "\(prefix)/subjects/\(slug)" }
}
