import Fluent
import Foundation
import Kernel
import Vapor

/// The web UI under `/golden-ager`. Each page handler parses, calls a service, renders.
enum GoldenAgerWeb {
    static let prefix = GoldenAger.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        AccountPages.register(on: web)
        PensionerPages.register(on: web)
        VolunteerPages.register(on: web)
        StaffPages.register(on: web)
        web.get("live", use: live)
    }

    /// The browser's event stream: the same topics a native client gets.
    static func live(_ req: Request) async throws -> Response {
        let member = try await req.member()
        return ServerSentEvents.response(for: req, topics: GoldenAgerEvents.topics(for: member))
    }

    /// Where each role starts.
    static func home(for member: Member) -> String {
        switch member.role {
        case .pensioner: "\(prefix)/categories"
        case .volunteer: "\(prefix)/inbox"
        case .coordinator, .admin: "\(prefix)/board"
        case nil: "\(prefix)/"
        }
    }

    enum Section { case categories, instructions, orders, profile, inbox, assignments, board, accounts, admin, none }

    /// A page in the app's shell with the tabs of the person's role and, for signed-in
    /// people, the live event stream.
    static func page(_ req: Request, _ member: Member?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                     @HTMLBuilder content: () -> HTML) -> Response {
        let l = req.localizer
        var tabs: [Tab] = []
        func tab(_ key: String, _ path: String, _ s: Section) -> Tab {
            Tab(label: l.text(key), href: "\(prefix)/\(path)", isCurrent: section == s)
        }
        switch member?.role {
        case .pensioner:
            tabs = [tab("ga.tab.categories", "categories", .categories), tab("ga.tab.instructions", "instructions", .instructions),
                    tab("ga.tab.orders", "orders", .orders), tab("ga.tab.profile", "profile", .profile)]
        case .volunteer:
            let online = member?.profile?.isOnline ?? false
            tabs = [tab("ga.tab.inbox", "inbox", .inbox),
                    .toggle(label: l.text(online ? "ga.online.on" : "ga.online.off"), action: "\(prefix)/availability",
                            pressed: online, name: "online", value: online ? "off" : "on"),
                    tab("ga.tab.assignments", "assignments", .assignments), tab("ga.tab.profile", "profile", .profile)]
        case .coordinator, .admin:
            tabs = [tab("ga.tab.board", "board", .board), tab("ga.tab.accounts", "admin/accounts", .accounts)]
            if member?.role == .admin { tabs.append(tab("ga.tab.admin", "admin", .admin)) }
            tabs.append(tab("ga.tab.profile", "profile", .profile))
        case nil:
            break
        }
        let roleClass = member?.role.map { "role-\($0.rawValue)" } ?? "role-guest"
        return req.render(Page(
            title: title, app: GoldenAger.descriptor, content: content(), tabs: tabs,
            scripts: member == nil ? [] : ["live-refresh.js"],
            liveURL: member == nil ? nil : "\(prefix)/live", liveEvents: member == nil ? [] : GoldenAgerEvents.names,
            status: status, bodyClass: roleClass))
    }

    /// An HTML fragment for a live region (no shell).
    static func fragment(_ html: HTML) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: html.rendered))
    }

    /// A button on a task (`/…/:taskID/<action>`): runs `change` as `role`, then goes to
    /// `next` with a message; a conflict (someone was quicker) comes back on `fallback`.
    static func taskButton(
        _ req: Request, as role: GARole, fallback: (UUID) -> String, next: (UUID) -> String,
        _ kind: Flash.Kind, _ key: String, change: (TaskService, UUID, Member) async throws -> Void
    ) async throws -> Response {
        let member = try await req.member(role)
        let id = try req.uuidParameter("taskID")
        return try await req.showingConflicts(on: fallback(id)) {
            try await change(req.goldenAger.tasks, id, member)
            return req.redirect(to: next(id), flash: kind, key)
        }
    }


    /// Hours as a decimal for totals: "12,5".
    static func hours(_ minutes: Int, _ l: Localizer) -> String {
        l.number(Double(minutes) / 60, fractionDigits: 1)
    }

    static func cityName(_ id: String, _ l: Localizer) -> String {
        City.find(id)?.name(in: l.language) ?? id
    }

    /// A big tappable phone number.
    static func phoneLink(_ phone: String, label: String) -> HTML {
        H.a(.class("button button-call"), .href(PhoneNumber.telURL(phone))) {
            H.span(.class("call-label")) { label }
            H.span(.class("call-number")) { PhoneNumber.display(phone) }
        }
    }

    /// A status badge with text (never colour alone).
    static func statusBadge(_ status: TaskStatus, _ l: Localizer) -> HTML {
        H.span(.class("status status-\(status.rawValue)")) { l.text("ga.status.\(status.rawValue)") }
    }

    /// A back link styled as a big secondary button.
    static func backLink(_ href: String, _ l: Localizer, key: String = "ga.back") -> HTML {
        H.a(.class("button button-back"), .href(href)) { l.text(key) }
    }
}
