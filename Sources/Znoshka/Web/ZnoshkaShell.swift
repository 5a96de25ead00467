import Foundation
import Kernel
import Vapor

extension ZnoshkaWeb {
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
}
