import Foundation
import Kernel
import Vapor

/// The person's notices (an event they are in changed, a place came free), and marking
/// them read.
enum NotificationsPage {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("notifications", use: notifications)
        web.post("notifications", "read", use: markRead)
    }

    static func notifications(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let found = try await req.moveJoin.notices.list(for: mover)
        return req.render(NotificationsView(mover: mover, notices: found.notices, unread: found.unread, c: req.viewContext).page)
    }

    /// Back to the page the button was on (the events list or this one), within the app.
    static func markRead(_ req: Request) async throws -> Response {
        try await req.moveJoin.notices.markAllRead(for: try await req.mover())
        let back = Request.safeLocalPath(req.headers.first(name: .referer).flatMap { URL(string: $0)?.path }, fallback: "\(prefix)/events")
        return req.redirect(to: back.hasPrefix(prefix) ? back : "\(prefix)/events", redirectType: .normal)
    }
}
