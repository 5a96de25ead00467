import Foundation
import Kernel
import Vapor

extension FuctivityWeb {
    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case calendar, add, statistics, profile, none }

    /// A page in the app's shell, with the four tabs for signed-in people (`planner`),
    /// who also get their reminders live (`fuctivity.js` shows them).
    static func shell(_ planner: Planner?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                      _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        let l = c.localizer
        let signedIn = planner != nil
        // The words a live reminder is shown with (fuctivity.js reads them).
        let reminderText = signedIn ? H.element("template", [.id("reminder-text")], content: HTML(text: l.text("fx.reminder.alarm"))) : HTML.empty
        return Page(title: title, app: Fuctivity.descriptor, content: reminderText + content(), tabs: signedIn ? tabs(section, l) : [],
                    scripts: signedIn ? ["fuctivity.js"] : [], liveURL: signedIn ? "\(prefix)/live" : nil,
                    liveEvents: signedIn ? ["reminder"] : [], status: status)
    }

    private static func tabs(_ section: Section, _ l: Localizer) -> [Tab] {
        [Tab(label: l.text("fx.tab.calendar"), href: "\(prefix)/week", isCurrent: section == .calendar),
         Tab(label: l.text("fx.tab.add"), href: "\(prefix)/activities/new", isCurrent: section == .add),
         Tab(label: l.text("fx.tab.statistics"), href: "\(prefix)/statistics", isCurrent: section == .statistics),
         Tab(label: l.text("fx.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
    }
}
