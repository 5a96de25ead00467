import Foundation
import Kernel
import Vapor

extension MoveJoinWeb {
    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case events, add, profile, none }

    /// A page in the app's shell: the three tabs and the live stream for signed-in people
    /// (`mover`), none for the signed-out. On an event's page (`liveEvent`) the stream
    /// also carries that event's changes, so its list of people refreshes.
    static func shell(_ mover: Mover?, title: String, section: Section, status: HTTPResponseStatus = .ok, liveEvent: UUID? = nil,
                      scripts: [String] = [], _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        let liveURL = mover == nil ? nil : "\(prefix)/live" + (liveEvent.map { "?event=\($0.uuidString.lowercased())" } ?? "")
        return Page(title: title, app: MoveJoin.descriptor, content: content(), tabs: mover == nil ? [] : tabs(section, c.localizer),
                    scripts: (liveURL == nil ? [] : ["live-refresh.js", "movejoin.js"]) + scripts, liveURL: liveURL,
                    liveEvents: liveURL == nil ? [] : ["event.changed"], status: status)
    }

    private static func tabs(_ section: Section, _ l: Localizer) -> [Tab] {
        [Tab(label: l.text("mj.tab.events"), href: "\(prefix)/events", isCurrent: section == .events),
         Tab(label: l.text("mj.tab.add"), href: "\(prefix)/events/new", isCurrent: section == .add),
         Tab(label: l.text("mj.tab.profile"), href: "\(prefix)/profile", isCurrent: section == .profile)]
    }
}
