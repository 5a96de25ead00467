import Foundation
import Kernel
import Vapor

/// The web UI under `/golden-ager`. Each page handler parses, calls a service, renders.
enum GoldenAgerWeb {
    static let prefix = GoldenAger.descriptor.pathPrefix

    static func register(on web: any RoutesBuilder) {
        AccountPages.register(on: web)
        CategoriesPage.register(on: web)
        TemplatePage.register(on: web)
        OrdersPage.register(on: web)
        OrderPage.register(on: web)
        InboxPage.register(on: web)
        TaskPage.register(on: web)
        AssignmentsPage.register(on: web)
        CertificatePage.register(on: web)
        BoardPage.register(on: web)
        AdminAccountsPage.register(on: web)
        AdminPage.register(on: web)
        AdminOrganisationsPage.register(on: web)
        AdminCategoriesPage.register(on: web)
        AdminTemplatePage.register(on: web)
        AdminConsultationPage.register(on: web)
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

    /// `shell` rendered for `req`, for the pages not yet split into handler and view.
    static func page(_ req: Request, _ member: Member?, title: String, section: Section, status: HTTPResponseStatus = .ok,
                     @HTMLBuilder content: () -> HTML) -> Response {
        req.render(shell(member, title: title, section: section, status: status, req.viewContext, content: content))
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
}
