import Foundation
import Kernel
import Vapor

/// The web UI under `/shelter`. Each page is its handlers (`…Page`: parse, call a
/// service, build a view model) and its view (`…View`: view model and `ViewContext` →
/// `Page`); this file mounts them and holds the shell.
enum ShelterWeb {
    static let prefix = SmartShelter.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        WelcomePage.register(on: web)
        SignUpPage.register(on: web)
        DashboardPage.register(on: web)
        EnclosurePage.register(on: web)
        ChartPage.register(on: web)
        StaffPage.register(on: web)
        ConfirmPasswordPage.register(on: web)
        SettingsPage.register(on: web)
        WarehousePage.register(on: web)
        ItemPage.register(on: web)
        AnimalsPage.register(on: web)
        AnimalPage.register(on: web)
        FeedingPage.register(on: web)
        TasksPage.register(on: web)
        BackupPage.register(on: web)
    }

    /// The tab a page belongs to (marked current in the bottom navigation).
    enum Section { case dashboard, animals, warehouse, staff, settings, none }

    /// A page in the app's shell. Four tabs, as many as fit a phone's width with their
    /// words: the director reaches the staff and the audit trail from Settings.
    static func shell(_ person: StaffMember?, title: String, section: Section, status: HTTPResponseStatus = .ok, live: Bool = false,
                      scripts: [String] = [], _ c: ViewContext, @HTMLBuilder content: () -> HTML) -> Page {
        Page(title: title, app: SmartShelter.descriptor, content: content(), tabs: person.map { tabs($0, section, c.localizer) } ?? [],
             scripts: (live ? ["live-refresh.js"] : []) + scripts, liveURL: live ? "\(prefix)/live" : nil, liveEvents: live ? [AlarmService.eventName] : [],
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

    static func enclosurePath(_ id: UUID) -> String { "\(prefix)/enclosures/\(id.uuidString.lowercased())" }

    /// Runs a change from a form: a director whose confirmation has run out is sent to type
    /// the password again and then back to `back`; a field at fault comes back as a message.
    static func change(_ req: Request, back: String, _ body: () async throws -> Response) async throws -> Response {
        do {
            return try await body()
        } catch let error as AppError where error.code == PasswordConfirmations.required.code {
            return req.redirect(to: ConfirmPasswordPage.path(next: back), flash: .info, "account.confirmation_required")
        } catch let error as AppError where error.status == .unprocessableEntity || error.status == .conflict {
            let first = error.fieldErrors.first
            return req.redirect(to: back, flash: .error, first?.key ?? error.key, first?.arguments ?? error.arguments)
        }
    }
}
