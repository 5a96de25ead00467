import Foundation
import Kernel
import Vapor

extension ShelterWeb {
    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case dashboard, animals, warehouse, staff, settings, none }

    /// A page in the app's shell. Four tabs, as many as fit a phone's width with their
    /// words: the director reaches the staff and the audit trail from Settings.
    static func shell(_ person: StaffMember?, title: String, section: Section, status: HTTPResponseStatus = .ok, live: Bool = false,
                      scripts: [String] = [], _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        Page(title: title, app: SmartShelter.descriptor, content: content(), tabs: person.map { tabs($0, section, c.localizer) } ?? [],
             scripts: (live ? ["live-refresh.js"] : []) + scripts, liveURL: live ? "\(prefix)/live" : nil, liveEvents: live ? [ShelterEvents.alarm] : [],
             status: status)
    }

    private static func tabs(_ person: StaffMember, _ section: Section, _ l: Localizer) -> [Tab] {
        var tabs = [Tab(label: l.text("ss.tab.dashboard"), href: "\(prefix)/dashboard", isCurrent: section == .dashboard)]
        if person.role != .pending {
            tabs.append(Tab(label: l.text("ss.tab.animals"), href: "\(prefix)/animals", isCurrent: section == .animals))
            tabs.append(Tab(label: l.text("ss.tab.warehouse"), href: "\(prefix)/warehouse", isCurrent: section == .warehouse))
        }
        tabs.append(Tab(label: l.text("ss.tab.settings"), href: "\(prefix)/settings", isCurrent: section == .settings || section == .staff))
        return tabs
    }
}
