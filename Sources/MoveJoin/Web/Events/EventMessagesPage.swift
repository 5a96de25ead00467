import Foundation
import Kernel
import Vapor

/// The questions and answers on an event's page: the live fragment, writing one and
/// removing one. A refused message is shown on the event's page, the text kept.
enum EventMessagesPage {
    static func register(on web: any RoutesBuilder) {
        web.get("events", ":eventID", "messages", use: fragment)
        web.post("events", ":eventID", "messages", use: post)
        web.post("events", ":eventID", "messages", ":messageID", "remove", use: remove)
    }

    /// The section's model for `mover` on `view`'s event.
    static func model(_ req: Request, _ view: EventView, _ mover: Mover, now: Date) async throws -> EventMessagesView.Model {
        let event = view.event
        let isOrganiser = event.creatorID == mover.id
        return EventMessagesView.Model(
            eventID: event.id, messages: try await req.moveJoin.messages.list(of: event.id), viewerID: mover.id, viewerIsOrganiser: isOrganiser,
            canWrite: (isOrganiser || view.myStatus != nil) && event.status == .scheduled && event.startsAt > now)
    }

    static func fragment(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.view(try EventDetailPage.eventID(req), for: mover)
        return .fragment(EventMessagesView(model: try await model(req, view, mover, now: req.clock.now), c: req.viewContext).list)
    }

    static func post(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try EventDetailPage.eventID(req)
        let path = MoveJoinWeb.eventPath(id)
        let text = FormState.submitted(by: req).values["text"]
        return try await req.showingConflicts(on: path) {
            do {
                _ = try await req.moveJoin.messages.post(text, on: id, by: mover)
                return req.redirect(to: path + "#messages-title", redirectType: .normal)
            } catch let error as AppError where !error.fieldErrors.isEmpty || error.status == .tooManyRequests {
                let key = error.fieldErrors.first.map { $0.key } ?? error.key
                return req.redirect(to: path + "#messages-title", flash: .error, key, error.fieldErrors.first?.arguments ?? [:])
            }
        }
    }

    static func remove(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try EventDetailPage.eventID(req)
        let messageID = try req.uuidParameter("messageID", notFound: "message_not_found", key: "mj.message.not_found")
        try await req.moveJoin.messages.remove(messageID, on: id, by: mover)
        return req.redirect(to: MoveJoinWeb.eventPath(id) + "#messages-title", flash: .info, "mj.messages.removed_done")
    }
}
