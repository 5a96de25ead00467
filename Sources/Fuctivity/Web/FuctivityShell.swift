import Foundation
import Kernel
import Vapor

extension FuctivityWeb {
    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case calendar, add, statistics, profile, none }

    /// A page in the app's shell, with the four tabs for signed-in people (`planner`),
    /// who also get their reminders, and requests to rate what just ended, live
    /// (`fuctivity.js` shows them).
    static func shell(_ planner: Planner?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                      _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        let l = c.localizer
        let signedIn = planner != nil
        // The words a live reminder and a request to rate are shown with (fuctivity.js reads them).
        let liveTexts = signedIn
            ? H.element("template", [.id("reminder-text")], content: HTML(text: l.text("fx.reminder.alarm")))
                + H.element("template", [.id("rate-text")], content: HTML(text: l.text("fx.rate.prompt")))
            : HTML.empty
        return Page(title: title, app: Fuctivity.descriptor, content: liveTexts + content(), tabs: signedIn ? tabs(section, l) : [],
                    scripts: signedIn ? ["fuctivity.js"] : [], liveURL: signedIn ? "\(prefix)/live" : nil,
                    liveEvents: signedIn ? ["reminder", "rate"] : [], status: status)
    }

    private static func tabs(_ section: Section, _ l: Localizer) -> [Tab] {
        [Tab(label: l.text("fx.tab.calendar"), href: "\(prefix)/week", isCurrent: section == .calendar),
         Tab(label: l.text("fx.tab.add"), href: "\(prefix)/activities/new", isCurrent: section == .add),
         Tab(label: l.text("fx.tab.statistics"), href: "\(prefix)/statistics", isCurrent: section == .statistics),
         Tab(label: l.text("fx.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
    }
}
