import Kernel
import Vapor

extension GoldenAgerWeb {
    /// The tab a page belongs to, marked current in the navigation.
    enum Section { case categories, instructions, orders, relatives, profile, inbox, assignments, board, accounts, admin, none }

    /// A page in the app's shell with the tabs of the person's role and, for signed-in
    /// people, the live event stream. Handlers answer with `req.render(_:)`, which adds the
    /// frame and the flash message.
    static func shell(_ member: Member?, title: String, section: Section, status: HTTPResponseStatus = .ok, scripts: [String] = [],
                      _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        let signedIn = member != nil
        var page = Page(
            title: title, app: GoldenAger.descriptor, content: content(), tabs: tabs(for: member, current: section, c.localizer),
            scripts: (signedIn ? ["live-refresh.js"] : []) + scripts,
            liveURL: signedIn ? "\(prefix)/live" : nil, liveEvents: signedIn ? GoldenAgerEvents.names : [],
            status: status, bodyClass: member?.role.map { "role-\($0.rawValue)" } ?? "role-guest")
        // Four 64 px tabs cannot float over the page without covering it, and after a long
        // page (the categories) they were off screen: they come first, under the header.
        page.tabsPlacement = .top
        return page
    }

    /// The navigation of `member`'s role; guests have none.
    static func tabs(for member: Member?, current: Section, _ l: Localizer) -> [Tab] {
        func tab(_ key: String, _ path: String, _ section: Section) -> Tab {
            Tab(label: l.text(key), href: "\(prefix)/\(path)", isCurrent: section == current)
        }
        switch member?.role {
        case .pensioner:
            return [tab("ga.tab.categories", "categories", .categories), tab("ga.tab.instructions", "instructions", .instructions),
                    tab("ga.tab.orders", "orders", .orders), tab("ga.tab.profile", "profile", .profile)]
        case .relative:
            return [tab("ga.tab.relatives", "relatives", .relatives), tab("ga.tab.categories", "categories", .categories),
                    tab("ga.tab.orders", "orders", .orders), tab("ga.tab.profile", "profile", .profile)]
        case .volunteer:
            // A volunteer waiting for approval has no switch: they cannot go online yet.
            let online = member?.profile?.isPendingApproval == false ? [onlineSwitch(isOnline: member?.profile?.isOnline ?? false, l)] : []
            return [tab("ga.tab.inbox", "inbox", .inbox)] + online
                + [tab("ga.tab.assignments", "assignments", .assignments), tab("ga.tab.profile", "profile", .profile)]
        case .coordinator, .admin:
            let admin = member?.role == .admin ? [tab("ga.tab.admin", "admin", .admin)] : []
            return [tab("ga.tab.board", "board", .board), tab("ga.tab.accounts", "admin/accounts", .accounts)]
                + admin + [tab("ga.tab.profile", "profile", .profile)]
        case nil:
            return []
        }
    }

    /// A volunteer's online switch among the tabs: it shows where they are and posts the opposite.
    private static func onlineSwitch(isOnline: Bool, _ l: Localizer) -> Tab {
        .toggle(label: l.text(isOnline ? "ga.online.on" : "ga.online.off"), action: "\(prefix)/availability",
                pressed: isOnline, name: "online", value: isOnline ? "off" : "on",
                // Going offline by a stray tap would silently stop new tasks reaching them.
                confirm: isOnline ? l.text("ga.online.off_confirm") : nil)
    }
}
