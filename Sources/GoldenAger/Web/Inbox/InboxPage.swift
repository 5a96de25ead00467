import Foundation
import Kernel
import Vapor

/// `/inbox`: while the volunteer is online, a live list of their city's open tasks to
/// accept or decline; `/availability`: going online and offline.
enum InboxPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("inbox", use: inbox)
        web.get("inbox", "list", use: list)
        web.post("availability", use: setAvailability)
    }

    /// A task card is the same for every volunteer who reads it in the same language and
    /// time zone, so it is rendered once per server (`FragmentCache`), found by these.
    struct CardKey: Hashable, Sendable {
        let task: UUID
        let language: Language
        let timeZone: String
        let busy: Bool
        /// The preferred time and note, which the pensioner may change while it waits.
        let preference: [String]
    }

    /// This server's task cards.
    static func cards(_ req: Request) -> FragmentCache<CardKey, OfferedTask> {
        req.kernel.state.shared { FragmentCache<CardKey, OfferedTask>(capacity: 4_096) }
    }

    static func inbox(_ req: Request) async throws -> Response {
        req.render(InboxView.page(try await model(req), cards: cards(req), req.viewContext))
    }

    /// The live region's new content.
    static func list(_ req: Request) async throws -> Response {
        Response.fragment(InboxView.list(try await model(req), cards: cards(req), req.viewContext))
    }

    /// The inbox; for a volunteer still waiting for their organisation's check, whom to call.
    static func model(_ req: Request) async throws -> InboxView.Model {
        var model = try InboxView.Model(try await req.volunteerInbox(withHeldTask: true), now: req.clock.now)
        if model.isPending { model.waiting = try await req.goldenAger.profiles.waitingHelp(for: model.member) }
        return model
    }

    /// Goes online or offline, then back to the page the switch was pressed on.
    static func setAvailability(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let online = (try? req.content.get(String.self, at: "online")) == "on"
        _ = try await req.goldenAger.profiles.setOnline(member, online)
        let back = Request.safeLocalPath(req.headers.first(name: .referer).flatMap { URL(string: $0)?.path }, fallback: "\(prefix)/inbox")
        return req.redirect(to: back.hasPrefix(prefix) ? back : "\(prefix)/inbox", flash: .info, online ? "ga.online.now_on" : "ga.online.now_off")
    }
}
