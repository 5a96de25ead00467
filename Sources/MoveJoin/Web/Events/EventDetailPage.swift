import Foundation
import Kernel
import Vapor

/// An event's own page, its live list of people, and what can be done there: join,
/// leave, cancel, take it into a calendar. The page itself opens for anyone with the link.
enum EventDetailPage {
    static func register(on web: any RoutesBuilder) {
        web.get("events", ":eventID", use: show)
        web.get("events", ":eventID", "people", use: peopleFragment)
        web.post("events", ":eventID", "cancel", use: cancel)
        web.post("events", ":eventID", "join", use: join)
        web.post("events", ":eventID", "leave", use: leave)
        web.post("events", ":eventID", "accept", use: acceptOffer)
        web.get("events", ":eventID", "calendar.ics", use: ics)
    }

    /// The event in the address (404 when it is not an id).
    static func eventID(_ req: Request) throws -> UUID {
        try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
    }

    /// For someone signed in, the event with their place and the people; for anyone else
    /// with the link, what it is and how to join (`SharedEventView`).
    static func show(_ req: Request) async throws -> Response {
        let id = try eventID(req)
        guard let mover = try await req.optionalMover() else {
            let event = try await req.moveJoin.sportEvents.view(id, for: nil).event
            return req.render(SharedEventView(model: .init(event: event, publicURL: req.externalBaseURL, now: req.clock.now), c: req.viewContext).page)
        }
        let view = try await req.moveJoin.sportEvents.view(id, for: mover)
        let people = try await req.moveJoin.sportEvents.people(of: id)
        let messages = try await EventMessagesPage.model(req, view, mover, now: req.clock.now)
        return req.render(EventDetailView(mover: mover, shown: view, people: people, messages: messages, now: req.clock.now, c: req.viewContext).page)
    }

    /// The people section alone, fetched again by `live-refresh.js` when the event changes.
    static func peopleFragment(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let view = try await req.moveJoin.sportEvents.view(id, for: mover)
        let people = try await req.moveJoin.sportEvents.people(of: id)
        return .fragment(EventDetailView.people(view, people, req.viewContext))
    }

    static func join(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let path = MoveJoinWeb.eventPath(id)
        return try await req.showingConflicts(on: path) {
            let outcome = try await req.moveJoin.participation.join(eventID: id, by: mover)
            return outcome.status == .waitlisted
                ? req.redirect(to: path, flash: .info, "mj.event.joined_waitlist", ["n": String(outcome.waitlistPosition)])
                : req.redirect(to: path, flash: .success, "mj.event.joined")
        }
    }

    static func leave(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let path = MoveJoinWeb.eventPath(id)
        return try await req.showingConflicts(on: path) {
            _ = try await req.moveJoin.participation.leave(eventID: id, by: mover)
            return req.redirect(to: path, flash: .info, "mj.event.left")
        }
    }

    /// Takes the place held for the person; a hold that ran out is said on the page.
    static func acceptOffer(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let path = MoveJoinWeb.eventPath(id)
        return try await req.showingConflicts(on: path) {
            _ = try await req.moveJoin.participation.acceptOffer(eventID: id, by: mover)
            return req.redirect(to: path, flash: .success, "mj.offer.accepted")
        }
    }

    static func cancel(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let path = MoveJoinWeb.eventPath(id)
        return try await req.showingConflicts(on: path) {
            _ = try await req.moveJoin.sportEvents.cancel(id, by: mover)
            return req.redirect(to: path, flash: .info, "mj.event.cancelled_done")
        }
    }

    /// One event as a calendar file: with a reminder for someone with a place; tentative
    /// and without one for anyone else, a visitor with the shared link included.
    static func ics(_ req: Request) async throws -> Response {
        let view = try await req.moveJoin.sportEvents.view(try eventID(req), for: try await req.optionalMover())
        let entry = EventCalendar.Entry(event: view.event, myStatus: view.myStatus)
        let calendar = EventCalendar.document([entry], name: nil, reminder: true, localizer: req.localizer,
                                              baseURL: req.externalBaseURL, now: req.clock.now)
        return calendar.response(filename: "movejoin-\(view.event.id.uuidString.lowercased()).ics")
    }
}
