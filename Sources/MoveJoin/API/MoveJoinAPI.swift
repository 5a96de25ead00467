import Fluent
import Foundation
import Kernel
import MoveJoinProto
import SwiftProtobuf
import Vapor

/// `/movejoin/api/v1`: every request and answer a protobuf message (binary or JSON,
/// see `WireFormat`). Handlers read the message, call one service, answer with a message.
enum MoveJoinAPI {
    static func register(on root: any RoutesBuilder) {
        let api = root.grouped(inOneTask: ProtobufErrorMiddleware())
        api.get("cities", use: cities)
        api.get("sport-types", use: sportTypes)
        api.get("me", "events", use: myEvents)
        api.get("me", "calendar-feed", use: calendarFeed)
        api.post("me", "calendar-feed", use: createCalendarFeed)
        api.delete("me", "calendar-feed", use: revokeCalendarFeed)
        api.get("events", use: search)
        api.post("events", use: create)
        api.get("events", ":eventID", use: event)
        api.put("events", ":eventID", use: update)
        api.post("events", ":eventID", "cancel", use: cancel)
        api.post("events", ":eventID", "join", use: join)
        api.post("events", ":eventID", "leave", use: leave)
        api.post("events", ":eventID", "accept", use: acceptOffer)
        api.get("events", ":eventID", "messages", use: messages)
        api.post("events", ":eventID", "messages", use: postMessage)
        api.delete("events", ":eventID", "messages", ":messageID", use: removeMessage)
        api.get("events", ":eventID", "participants", use: participants)
        api.get("notifications", use: notifications)
        api.post("notifications", "read", use: markNotificationsRead)
        // Anything else under the API is answered with an Error message too.
        for method in [HTTPMethod.GET, .POST, .PUT, .PATCH, .DELETE] {
            api.on(method, "**") { _ -> Response in throw AppError.notFound(code: "no_such_endpoint", key: "mj.error.no_endpoint") }
        }
    }

    // MARK: Reference data

    static func cities(_ req: Request) async throws -> Response {
        var list = MJCityList()
        list.cities = City.sorted(in: req.language).map { MJCity($0, req.language) }
        return try list.response(for: req)
    }

    static func sportTypes(_ req: Request) async throws -> Response {
        var list = MJSportTypeList()
        list.sportTypes = SportType.sorted(in: req.language).map { MJSportType($0, req.language) }
        return try list.response(for: req)
    }

    // MARK: Accounts (served on the kernel's account paths, `MoveJoinAccounts`)

    static func register(_ req: Request) async throws -> Response {
        let input = try req.message(MJRegisterRequest.self)
        let mover = try await req.moveJoin.people.register(SignUp(
            email: input.email, password: input.password, passwordRepeat: input.passwordRepeat,
            name: input.name, surname: input.surname, cityID: input.cityID), language: req.language)
        return try MoveJoinAccounts.session(mover, try await req.accounts.issueToken(for: mover.account)).response(for: req, status: .created)
    }

    static func updateMe(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let input = try req.message(MJUpdateProfileRequest.self)
        let profile = try await req.moveJoin.people.update(mover, name: input.hasName ? input.name : nil,
                                                           surname: input.hasSurname ? input.surname : nil,
                                                           cityID: input.hasCityID ? input.cityID : nil)
        return try MJProfile(Mover(account: mover.account, profile: profile)).response(for: req)
    }

    // MARK: Events

    static func search(_ req: Request) async throws -> Response {
        let query = req.url.query
        let page = try await req.moveJoin.eventSearches.search(by: req.caller(in: MoveJoin.descriptor)) { defaultCity in
            try SearchQuery.parse(query, defaultCity: defaultCity)
        }
        var answer = MJEventPage()
        answer.events = page.events.map { MJEvent($0, req.language) }
        answer.nextPageToken = page.nextPageToken ?? ""
        return try answer.response(for: req)
    }

    static func create(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let input = try req.message(MJEventInput.self)
        try checkEnums(input)
        let view = try await req.moveJoin.sportEvents.create(input.draft, by: mover)
        let response = try MJEvent(view, req.language).response(for: req, status: .created)
        response.headers.replaceOrAdd(name: .location, value: "\(req.url.path)/\(view.event.id.uuidString.lowercased())")
        return response
    }

    static func event(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.view(try eventID(req), for: mover)
        return try MJEvent(view, req.language).response(for: req)
    }

    static func update(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try eventID(req)
        let input = try req.message(MJEventInput.self)
        try checkEnums(input)
        let view = try await req.moveJoin.sportEvents.update(id, with: input.draft, by: mover)
        return try MJEvent(view, req.language).response(for: req)
    }

    static func cancel(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.cancel(try eventID(req), by: mover)
        return try MJEvent(view, req.language).response(for: req)
    }

    static func join(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let outcome = try await req.moveJoin.participation.join(eventID: try eventID(req), by: mover)
        return try await participation(outcome, mover, req).response(for: req)
    }

    static func leave(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let outcome = try await req.moveJoin.participation.leave(eventID: try eventID(req), by: mover)
        return try await participation(outcome, mover, req).response(for: req)
    }

    static func acceptOffer(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let outcome = try await req.moveJoin.participation.acceptOffer(eventID: try eventID(req), by: mover)
        return try await participation(outcome, mover, req).response(for: req)
    }

    static func messages(_ req: Request) async throws -> Response {
        _ = try await req.mover()
        var answer = MJEventMessageList()
        answer.messages = try await req.moveJoin.messages.list(of: try eventID(req)).map(MJEventMessage.init)
        return try answer.response(for: req)
    }

    static func postMessage(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let input = try req.message(MJEventMessageInput.self)
        let message = try await req.moveJoin.messages.post(input.text, on: try eventID(req), by: mover)
        return try MJEventMessage(message).response(for: req, status: .created)
    }

    static func removeMessage(_ req: Request) async throws -> HTTPStatus {
        let mover = try await req.mover()
        let messageID = try req.uuidParameter("messageID", notFound: "message_not_found", key: "mj.message.not_found")
        try await req.moveJoin.messages.remove(messageID, on: try eventID(req), by: mover)
        return .noContent
    }

    static func participation(_ outcome: ParticipationService.Outcome, _ mover: Mover, _ req: Request) async throws -> MJParticipation {
        var answer = MJParticipation()
        answer.status = MJParticipationStatus(outcome.status)
        answer.waitlistPosition = Int32(outcome.waitlistPosition)
        let creator = try await outcome.event.creatorID.asyncFlatMap { try await MoveJoinProfile.find($0, on: req.db) }
        answer.event = MJEvent(EventView(event: outcome.event, creator: creator.map(EventCreator.init), myStatus: outcome.status,
                                         myWaitlistPosition: outcome.waitlistPosition), req.language)
        return answer
    }

    static func participants(_ req: Request) async throws -> Response {
        _ = try await req.mover()
        let people = try await req.moveJoin.sportEvents.people(of: try eventID(req))
        var answer = MJParticipantList()
        answer.participants = people.participants.map(MJPerson.init)
        answer.waitlist = people.waitlist.map(MJPerson.init)
        return try answer.response(for: req)
    }

    static func myEvents(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let scope = req.query[String.self, at: "scope"] ?? "upcoming"
        guard scope == "upcoming" || scope == "history" else {
            throw AppError.validation([FieldError(field: "scope", key: "mj.validation.scope")])
        }
        var answer = MJEventList()
        answer.events = try await req.moveJoin.sportEvents.mine(mover, history: scope == "history").map { MJEvent($0, req.language) }
        return try answer.response(for: req)
    }

    // MARK: Notifications

    static func notifications(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let found = try await req.moveJoin.notices.list(for: mover)
        var answer = MJNotificationList()
        answer.notifications = found.notices.map { MJNotification($0, req.localizer) }
        answer.unreadCount = Int32(found.unread)
        return try answer.response(for: req)
    }

    static func markNotificationsRead(_ req: Request) async throws -> Response {
        try await req.moveJoin.notices.markAllRead(for: try await req.mover())
        return Response(status: .noContent)
    }

    // MARK: Calendar feed

    static func calendarFeed(_ req: Request) async throws -> Response {
        guard let createdAt = try await req.moveJoin.calendarFeeds.createdAt(for: try await req.mover()) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "mj.calendar.none")
        }
        var answer = MJCalendarFeed()
        answer.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        return try answer.response(for: req)
    }

    static func createCalendarFeed(_ req: Request) async throws -> Response {
        let created = try await req.moveJoin.calendarFeeds.create(for: try await req.mover())
        var answer = MJCalendarFeed()
        answer.url = MoveJoinWeb.feedURL(token: created.token, req)
        answer.createdAt = Google_Protobuf_Timestamp(date: created.createdAt)
        return try answer.response(for: req, status: .created)
    }

    static func revokeCalendarFeed(_ req: Request) async throws -> Response {
        try await req.moveJoin.calendarFeeds.revoke(for: try await req.mover())
        return Response(status: .noContent)
    }

    // MARK: Input

    static func eventID(_ req: Request) throws -> UUID {
        try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
    }

    /// Enum numbers this server does not know are mistakes, not "unspecified".
    static func checkEnums(_ input: MJEventInput) throws {
        if case .UNRECOGNIZED = input.skillLevel {
            throw AppError.validation([FieldError(field: "skillLevel", key: "mj.validation.skill")])
        }
    }
}

extension Optional {
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
