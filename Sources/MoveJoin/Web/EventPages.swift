import Fluent
import Foundation
import Kernel
import Vapor

/// The Events and Add tabs, and an event's own page.
enum EventPages {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("events", use: list)
        web.get("events", "new", use: newEvent)
        web.post("events", "new", use: create)
        web.get("events", ":eventID", use: show)
        web.get("events", ":eventID", "people", use: peopleFragment)
        web.get("events", ":eventID", "edit", use: edit)
        web.post("events", ":eventID", "edit", use: update)
        web.post("events", ":eventID", "cancel", use: cancel)
        web.post("events", ":eventID", "join", use: join)
        web.post("events", ":eventID", "leave", use: leave)
        web.get("events", ":eventID", "calendar.ics", use: ics)
    }

    // MARK: Events tab

    static func list(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let l = req.localizer
        let values = SearchQuery.pairs(req.url.query).reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
        var errors: [FieldError] = []
        var page = EventPage(events: [], nextPageToken: nil)
        var search = EventSearch(cityID: mover.profile.cityID)
        do {
            search = try SearchQuery.parse(req.url.query, defaultCity: mover.profile.cityID)
            page = try await req.moveJoin.sportEvents.search(search, for: mover)
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            errors = error.fieldErrors
        }
        let notices = try await req.moveJoin.notices.list(for: mover, limit: 5)
        let state = FormState(values: values.merging(["city": search.cityID], uniquingKeysWith: { $1 }), errors: errors)
        let cityName = MoveJoinWeb.cityName(search.cityID, l)
        return MoveJoinWeb.page(req, mover, title: l.text("mj.events.title"), section: .events, status: errors.isEmpty ? .ok : .unprocessableEntity) {
            if notices.unread > 0 { noticeBanner(req, notices.notices.filter { $0.readAt == nil }, l) }
            H.h1 { l.text("mj.events.heading", ["city": cityName]) }
            filters(state, search, l)
            if page.events.isEmpty {
                H.p(.class("empty")) { l.text(errors.isEmpty ? "mj.events.none" : "mj.events.fix_filters") }
            } else {
                H.ul(.class("event-list")) {
                    for view in page.events { H.li { card(view, l) } }
                }
            }
            if let next = page.nextPageToken {
                H.a(.class("button button-block"), .href(moreURL(req, token: next))) { l.text("mj.events.more") }
            }
        }
    }

    static func moreURL(_ req: Request, token: String) -> String {
        let kept = SearchQuery.pairs(req.url.query).filter { $0.0 != "pageToken" }
        var components = URLComponents()
        components.queryItems = kept.map { URLQueryItem(name: $0.0, value: $0.1) } + [URLQueryItem(name: "pageToken", value: token)]
        return "\(prefix)/events?\(components.percentEncodedQuery ?? "")"
    }

    /// The filters: a GET form, so a filtered list has its own address.
    static func filters(_ state: FormState, _ search: EventSearch, _ l: Localizer) -> HTML {
        let open = search.sportTypeIDs.count + (search.from == nil ? 0 : 1) + (search.to == nil ? 0 : 1)
            + (search.skillLevel == nil ? 0 : 1) + (search.text == nil ? 0 : 1) > 0 || !state.errors.isEmpty
        return H.form(.class("filters"), Attribute("method", "get"), Attribute("action", "\(prefix)/events"), .role("search")) {
            SelectField(name: "city", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l), includeEmpty: false).render(state, l)
            H.element("details", [.flag("open", open)], content: HTMLBuilder.join([
                H.element("summary", [], content: HTML(text: l.text("mj.filters.more"))),
                SelectField(name: "sport", label: l.text("mj.field.sport"), options: MoveJoinWeb.sportOptions(l), required: false,
                            emptyLabel: l.text("mj.filters.all_sports")).render(state, l),
                SelectField(name: "skill", label: l.text("mj.field.skill"), options: MoveJoinWeb.skillOptions(l), required: false,
                            emptyLabel: l.text("mj.filters.all_levels")).render(state, l),
                FormField(name: "from", label: l.text("mj.filters.from"), type: "date", required: false).render(state, l),
                FormField(name: "to", label: l.text("mj.filters.to"), type: "date", required: false).render(state, l),
                FormField(name: "q", label: l.text("mj.filters.text"), type: "search", required: false, maxLength: 100).render(state, l),
            ]))
            H.button(.type("submit"), .class("button button-primary")) { l.text("mj.filters.apply") }
        }
    }

    /// One event in the list: sport, title, time in the city's zone, place, places left.
    static func card(_ view: EventView, _ l: Localizer) -> HTML {
        let event = view.event
        return H.article(.class("event-card"), .data("event-id", event.id.uuidString.lowercased())) {
            H.p(.class("event-sport")) { MoveJoinWeb.sportName(event.sportTypeID, l) }
            H.h2 { H.a(.href("\(prefix)/events/\(event.id.uuidString.lowercased())")) { event.title } }
            H.p(.class("event-when")) { H.time(Attribute("datetime", ISO8601DateFormatter().string(from: event.startsAt))) { MoveJoinWeb.when(event, l) } }
            H.p(.class("event-venue")) { event.venue }
            H.p(.class("event-places")) {
                MoveJoinWeb.places(event, l, viewerIsIn: view.myStatus != nil)
                myStatus(view, l)
            }
        }
    }

    static func myStatus(_ view: EventView, _ l: Localizer) -> HTML {
        switch view.myStatus {
        case .participant: H.span(.class("badge badge-mine")) { l.text("mj.event.you_are_in") }
        case .waitlisted: H.span(.class("badge badge-mine")) { l.text("mj.event.you_wait", ["n": String(view.myWaitlistPosition)]) }
        case nil: .empty
        }
    }

    static func noticeBanner(_ req: Request, _ notices: [Notice], _ l: Localizer) -> HTML {
        H.section(.class("notices"), .aria("label", l.text("mj.notices.title"))) {
            H.h2 { l.text("mj.notices.title") }
            H.ul {
                for notice in notices {
                    H.li {
                        H.a(.href("\(prefix)/events/\(notice.eventID.uuidString.lowercased())")) {
                            l.text("mj.notice.\(notice.kind.rawValue)", ["title": notice.eventTitle])
                        }
                    }
                }
            }
            Components.postForm(req, action: "\(prefix)/notifications/read") {
                H.button(.type("submit"), .class("button")) { l.text("mj.notices.mark_read") }
            }
        }
    }

    // MARK: Add tab and editing

    static func newEvent(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let tomorrow = LocalDateTime(req.clock.now.addingTimeInterval(86_400), in: mover.profile.city?.timeZone ?? req.localizer.timeZone)
        let values = ["cityId": mover.profile.cityID, "capacity": String(EventRules.defaultCapacity), "durationMinutes": "90",
                      "skillLevel": SkillLevel.any.rawValue, "startDate": tomorrow.dateString, "startTime": "19:00"]
        return formPage(req, mover, event: nil, state: FormState(values: values))
    }

    static func create(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let state = FormState.submitted(by: req)
        do {
            let view = try await req.moveJoin.sportEvents.create(try draft(from: state), by: mover)
            return req.redirect(to: "\(prefix)/events/\(view.event.id.uuidString.lowercased())", flash: .success, "mj.event.created")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return formPage(req, mover, event: nil, state: FormState(values: state.values, errors: webFieldErrors(error.fieldErrors)), status: error.status)
        }
    }

    static func edit(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.view(try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found"), for: mover)
        guard view.event.creatorID == mover.id else { throw AppError.forbidden }
        let event = view.event
        let local = LocalDateTime(event.startsAt, in: event.city?.timeZone ?? req.localizer.timeZone)
        let values = ["sportTypeId": event.sportTypeID, "title": event.title, "description": event.details, "cityId": event.cityID,
                      "venue": event.venue, "startDate": local.dateString, "startTime": local.timeString,
                      "durationMinutes": String(event.durationMinutes), "capacity": String(event.capacity), "skillLevel": event.skillLevel.rawValue]
        return formPage(req, mover, event: event, state: FormState(values: values))
    }

    static func update(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let state = FormState.submitted(by: req)
        return try await req.showingConflicts(on: "\(prefix)/events/\(id.uuidString.lowercased())") {
            do {
                _ = try await req.moveJoin.sportEvents.update(id, with: try draft(from: state), by: mover)
                return req.redirect(to: "\(prefix)/events/\(id.uuidString.lowercased())", flash: .success, "mj.event.saved")
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                let event = try await SportEvent.find(id, on: req.db).map(EventRecord.init)
                return formPage(req, mover, event: event, state: FormState(values: state.values, errors: webFieldErrors(error.fieldErrors)), status: error.status)
            }
        }
    }

    /// The form's date and time are a wall clock in the chosen city.
    static func draft(from state: FormState) throws -> EventDraft {
        let v = state.values
        var draft = EventDraft(sportTypeID: v["sportTypeId"], title: v["title"], details: v["description"], cityID: v["cityId"],
                               venue: v["venue"], skillLevel: SkillLevel(rawValue: v["skillLevel"] ?? ""))
        var errors: [FieldError] = []
        if let text = v["durationMinutes"], !text.isEmpty {
            if let minutes = Int(text) { draft.durationMinutes = minutes } else { errors.append(FieldError(field: "durationMinutes", key: "validation.invalid")) }
        }
        if let text = v["capacity"], !text.isEmpty {
            if let capacity = Int(text) { draft.capacity = capacity } else { errors.append(FieldError(field: "capacity", key: "validation.invalid")) }
        }
        let zone = City.find(v["cityId"])?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!
        if let day = v["startDate"], let time = v["startTime"], !day.isEmpty, !time.isEmpty {
            draft.startsAt = LocalDateTime.date(day: day, time: time, in: zone)
            if draft.startsAt == nil { errors.append(FieldError(field: "startDate", key: "mj.validation.date")) }
        }
        if !errors.isEmpty {
            // Report these together with everything else the rules find.
            do { _ = try EventRules.validate(draft, now: .distantPast) } catch let error as AppError {
                throw AppError.validation(errors + error.fieldErrors.filter { e in !errors.contains { $0.field == e.field } })
            }
            throw AppError.validation(errors)
        }
        return draft
    }

    /// The API's field names are the form's, except the start, which the form asks as date and time.
    static func webFieldErrors(_ errors: [FieldError]) -> [FieldError] {
        errors.map { $0.field == "startTime" ? FieldError(field: "startDate", key: $0.key, arguments: $0.arguments) : $0 }
    }

    static func formPage(_ req: Request, _ mover: Mover, event: EventRecord?, state: FormState, status: HTTPResponseStatus = .ok) -> Response {
        let l = req.localizer
        let title = l.text(event == nil ? "mj.add.title" : "mj.edit.title")
        let action = event.map { "\(prefix)/events/\($0.id.uuidString.lowercased())/edit" } ?? "\(prefix)/events/new"
        return MoveJoinWeb.page(req, mover, title: title, section: event == nil ? .add : .events, status: status) {
            H.h1 { title }
            Components.errorSummary(state, l)
            Components.postForm(req, action: action, classes: "event-form") {
                SelectField(name: "sportTypeId", label: l.text("mj.field.sport"), options: MoveJoinWeb.sportOptions(l)).render(state, l)
                FormField(name: "title", label: l.text("mj.field.title"), maxLength: EventRules.titleMaxLength).render(state, l)
                TextAreaField(name: "description", label: l.text("mj.field.description"), required: false,
                              maxLength: EventRules.descriptionMaxLength).render(state, l)
                SelectField(name: "cityId", label: l.text("mj.field.city"), options: MoveJoinWeb.cityOptions(l)).render(state, l)
                FormField(name: "venue", label: l.text("mj.field.venue"), hint: l.text("mj.hint.venue"), autocomplete: "street-address",
                          maxLength: EventRules.venueMaxLength).render(state, l)
                H.div(.class("field-row")) {
                    FormField(name: "startDate", label: l.text("mj.field.start_date"), type: "date").render(state, l)
                    FormField(name: "startTime", label: l.text("mj.field.start_time"), type: "time", hint: l.text("mj.hint.city_time")).render(state, l)
                }
                H.div(.class("field-row")) {
                    FormField(name: "durationMinutes", label: l.text("mj.field.duration"), type: "number", hint: l.text("mj.hint.duration"),
                              inputMode: "numeric").render(state, l)
                    FormField(name: "capacity", label: l.text("mj.field.capacity"), type: "number", hint: l.text("mj.hint.capacity"),
                              inputMode: "numeric").render(state, l)
                }
                SelectField(name: "skillLevel", label: l.text("mj.field.skill"), options: MoveJoinWeb.skillOptions(l), includeEmpty: false).render(state, l)
                Components.primaryButton(l.text(event == nil ? "mj.add.submit" : "mj.edit.submit"))
            }
            if let event {
                H.a(.class("button button-block"), .href("\(prefix)/events/\(event.id.uuidString.lowercased())")) { l.text("mj.back") }
            }
        }
    }

    // MARK: An event's page

    static func show(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let view = try await req.moveJoin.sportEvents.view(id, for: mover)
        let people = try await req.moveJoin.sportEvents.people(of: id)
        let l = req.localizer
        let event = view.event
        let isCreator = event.creatorID == mover.id
        let isOpen = event.status == .scheduled && event.startsAt > req.clock.now
        let path = "\(prefix)/events/\(id.uuidString.lowercased())"
        return MoveJoinWeb.page(req, mover, title: event.title, section: .events, liveEvent: id) {
            H.article(.class("event-page")) {
                H.p(.class("event-sport")) { MoveJoinWeb.sportName(event.sportTypeID, l) }
                H.h1 { event.title }
                if event.status == .cancelled {
                    H.p(.class("flash flash-error"), .role("status")) { l.text("mj.event.was_cancelled") }
                }
                H.element("dl", [.class("event-facts")], content: HTMLBuilder.join([
                    fact(l.text("mj.field.when"), MoveJoinWeb.when(event, l) + " (" + l.text("mj.event.city_time", ["city": MoveJoinWeb.cityName(event.cityID, l)]) + ")"),
                    fact(l.text("mj.fact.duration"), l.duration(minutes: event.durationMinutes)),
                    fact(l.text("mj.field.venue"), "\(event.venue), \(MoveJoinWeb.cityName(event.cityID, l))"),
                    fact(l.text("mj.field.skill"), l.text("mj.skill.\(event.skillLevel.rawValue)")),
                    fact(l.text("mj.field.creator"), view.creator?.fullName ?? l.text("mj.event.creator_gone")),
                ]))
                if !event.details.isEmpty { H.p(.class("event-description")) { event.details } }
                H.div(.id("event-people"), .data("refresh-url", "\(path)/people"), .data("refresh-on", "event.changed"), .aria("live", "polite")) {
                    peopleSection(view, people, l)
                }
                H.div(.class("actions")) {
                    if isOpen && !isCreator {
                        switch view.myStatus {
                        case nil:
                            Components.postForm(req, action: "\(path)/join") {
                                Components.primaryButton(l.text(event.isFull ? "mj.event.join_waitlist" : "mj.event.join"))
                            }
                        case .participant?, .waitlisted?:
                            Components.postForm(req, action: "\(path)/leave", confirm: l.text("mj.event.leave_confirm")) {
                                Components.dangerButton(l.text(view.myStatus == .waitlisted ? "mj.event.leave_waitlist" : "mj.event.leave"))
                            }
                        }
                    }
                    if isOpen && isCreator {
                        H.a(.class("button"), .href("\(path)/edit")) { l.text("mj.event.edit") }
                        Components.postForm(req, action: "\(path)/cancel", confirm: l.text("mj.event.cancel_confirm")) {
                            Components.dangerButton(l.text("mj.event.cancel"))
                        }
                    }
                    H.a(.class("button"), .href("\(path)/calendar.ics"), Attribute("download", "movejoin-event.ics")) { l.text("mj.event.ics") }
                }
            }
        }
    }

    static func fact(_ term: String, _ value: String) -> HTML {
        H.element("dt", [], content: HTML(text: term)) + H.element("dd", [], content: HTML(text: value))
    }

    /// Places, waitlist and who is in: refreshed live when someone joins or leaves.
    static func peopleSection(_ view: EventView, _ people: (participants: [MoveJoinProfile], waitlist: [MoveJoinProfile]), _ l: Localizer) -> HTML {
        let event = view.event
        return HTMLBuilder.join([
            H.p(.class("event-places")) {
                MoveJoinWeb.places(event, l, viewerIsIn: view.myStatus != nil)
                H.span(.class("count")) { l.text("mj.event.count", ["n": String(event.participantCount), "capacity": String(event.capacity)]) }
                myStatus(view, l)
            },
            H.h2 { l.text("mj.event.participants") },
            H.ol(.class("people")) { for person in people.participants { H.li { person.fullName } } },
            people.waitlist.isEmpty ? .empty : H.h2 { l.text("mj.event.waitlist") },
            people.waitlist.isEmpty ? .empty : H.ol(.class("people")) { for person in people.waitlist { H.li { person.fullName } } },
        ])
    }

    static func peopleFragment(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let view = try await req.moveJoin.sportEvents.view(id, for: mover)
        let people = try await req.moveJoin.sportEvents.people(of: id)
        var headers = HTTPHeaders()
        headers.contentType = .html
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(string: peopleSection(view, people, req.localizer).rendered))
    }

    static func join(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let path = "\(prefix)/events/\(id.uuidString.lowercased())"
        return try await req.showingConflicts(on: path) {
            let outcome = try await req.moveJoin.participation.join(eventID: id, by: mover)
            return outcome.status == .waitlisted
                ? req.redirect(to: path, flash: .info, "mj.event.joined_waitlist", ["n": String(outcome.waitlistPosition)])
                : req.redirect(to: path, flash: .success, "mj.event.joined")
        }
    }

    static func leave(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let path = "\(prefix)/events/\(id.uuidString.lowercased())"
        return try await req.showingConflicts(on: path) {
            _ = try await req.moveJoin.participation.leave(eventID: id, by: mover)
            return req.redirect(to: path, flash: .info, "mj.event.left")
        }
    }

    static func cancel(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found")
        let path = "\(prefix)/events/\(id.uuidString.lowercased())"
        return try await req.showingConflicts(on: path) {
            _ = try await req.moveJoin.sportEvents.cancel(id, by: mover)
            return req.redirect(to: path, flash: .info, "mj.event.cancelled_done")
        }
    }

    /// One event as a calendar file (no reminder: the person adds their own on import).
    static func ics(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.view(try req.uuidParameter("eventID", notFound: "event_not_found", key: "mj.event.not_found"), for: mover)
        let calendar = EventCalendar.document([view.event], name: nil, reminder: true, localizer: req.localizer,
                                              baseURL: req.externalBaseURL, now: req.clock.now)
        return calendar.response(filename: "movejoin-\(view.event.id.uuidString.lowercased()).ics")
    }
}
