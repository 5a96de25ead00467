import Fluent
import Foundation
import Kernel
import Vapor

/// The Add tab and an event's edit page: one form, for a new event or its creator's changes.
enum EventFormPage {
    static func register(on web: any RoutesBuilder) {
        web.get("events", "new", use: newEvent)
        web.post("events", "new", use: create)
        web.get("events", ":eventID", "edit", use: edit)
        web.post("events", ":eventID", "edit", use: update)
    }

    /// How long before the start a game with a minimum may be decided, in hours (the
    /// form's choices; the API takes any time).
    static let decisionLeads = [1, 2, 3, 6, 12, 24, 48]
    static let defaultDecisionLead = 3

    /// A new event starts tomorrow at 19:00 in the person's city, for 90 minutes.
    static func newEvent(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let tomorrow = LocalDateTime(req.clock.now.addingTimeInterval(86_400), in: mover.profile.city?.timeZone ?? req.localizer.timeZone)
        let values = ["cityId": mover.profile.cityID, "capacity": String(EventRules.defaultCapacity), "durationMinutes": "90",
                      "skillLevel": SkillLevel.any.rawValue, "startDate": tomorrow.dateString, "startTime": "19:00",
                      "decideAt": String(defaultDecisionLead)]
        return render(req, mover, event: nil, form: FormState(values: values))
    }

    static func create(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let state = FormState.submitted(by: req)
        do {
            let view = try await req.moveJoin.sportEvents.create(try draft(from: state), by: mover)
            return req.redirect(to: MoveJoinWeb.eventPath(view.event.id), flash: .success, "mj.event.created")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return render(req, mover, event: nil, form: FormState(values: state.values, errors: webFieldErrors(error.fieldErrors)), status: error.status)
        }
    }

    /// The form filled with the event as it is; only its creator may change it.
    static func edit(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let view = try await req.moveJoin.sportEvents.view(try EventDetailPage.eventID(req), for: mover)
        guard view.event.creatorID == mover.id else { throw AppError.forbidden }
        let event = view.event
        let local = LocalDateTime(event.startsAt, in: event.city?.timeZone ?? req.localizer.timeZone)
        let values = ["sportTypeId": event.sportTypeID, "title": event.title, "description": event.details, "cityId": event.cityID,
                      "venue": event.venue, "startDate": local.dateString, "startTime": local.timeString,
                      "latitude": event.latitude.map { String($0) } ?? "", "longitude": event.longitude.map { String($0) } ?? "",
                      "durationMinutes": String(event.durationMinutes), "capacity": String(event.capacity), "skillLevel": event.skillLevel.rawValue,
                      "minPlayers": event.minPlayers.map { String($0) } ?? "", "decideAt": String(decisionLead(of: event))]
        return render(req, mover, event: event, form: FormState(values: values))
    }

    static func update(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let id = try EventDetailPage.eventID(req)
        let state = FormState.submitted(by: req)
        return try await req.showingConflicts(on: MoveJoinWeb.eventPath(id)) {
            do {
                _ = try await req.moveJoin.sportEvents.update(id, with: try draft(from: state), by: mover)
                return req.redirect(to: MoveJoinWeb.eventPath(id), flash: .success, "mj.event.saved")
            } catch let error as AppError where !error.fieldErrors.isEmpty {
                let event = try await SportEvent.find(id, on: req.db).map(EventRecord.init)
                return render(req, mover, event: event, form: FormState(values: state.values, errors: webFieldErrors(error.fieldErrors)), status: error.status)
            }
        }
    }

    /// With the place picker's map where the server has the map library, opening on the
    /// event's city (or the person's).
    static func render(_ req: Request, _ mover: Mover, event: EventRecord?, form: FormState, status: HTTPResponseStatus = .ok) -> Response {
        var centre: GeoPoint?
        if Leaflet.isInstalled {
            req.allowImages(from: Leaflet.tileOrigin)
            centre = CityCentres.centre(of: form.values["cityId"] ?? event?.cityID ?? mover.profile.cityID)
        }
        return req.render(EventFormView(mover: mover, event: event, form: form, status: status, mapCentre: centre, c: req.viewContext).page)
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
        // Coordinates as people type them, with a decimal point or comma; both or neither
        // (the rules say so).
        draft.latitude = coordinate(v["latitude"], field: "latitude", into: &errors)
        draft.longitude = coordinate(v["longitude"], field: "longitude", into: &errors)
        let zone = City.find(v["cityId"])?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!
        if let day = v["startDate"], let time = v["startTime"], !day.isEmpty, !time.isEmpty {
            draft.startsAt = LocalDateTime.date(day: day, time: time, in: zone)
            if draft.startsAt == nil { errors.append(FieldError(field: "startDate", key: "mj.validation.date")) }
        }
        if let text = v["minPlayers"], !text.isEmpty {
            if let players = Int(text) { draft.minPlayers = players } else { errors.append(FieldError(field: "minPlayers", key: "validation.invalid")) }
            if let hours = v["decideAt"].flatMap(Int.init), decisionLeads.contains(hours) {
                draft.decideAt = draft.startsAt?.addingTimeInterval(-Double(hours) * 3600)
            } else {
                errors.append(FieldError(field: "decideAt", key: "validation.invalid"))
            }
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

    /// The form's choice nearest to the event's decision time (the API may have set any).
    static func decisionLead(of event: EventRecord) -> Int {
        guard let decideAt = event.decideAt else { return defaultDecisionLead }
        let hours = event.startsAt.timeIntervalSince(decideAt) / 3600
        return decisionLeads.min { abs(Double($0) - hours) < abs(Double($1) - hours) } ?? defaultDecisionLead
    }

    static func coordinate(_ text: String?, field: String, into errors: inout [FieldError]) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let number = Double(text.replacingOccurrences(of: ",", with: ".")), number.isFinite else {
            errors.append(FieldError(field: field, key: "mj.validation.\(field)"))
            return nil
        }
        return number
    }

    /// The API's field names are the form's, except the start, which the form asks as date and time.
    static func webFieldErrors(_ errors: [FieldError]) -> [FieldError] {
        errors.map { $0.field == "startTime" ? FieldError(field: "startDate", key: $0.key, arguments: $0.arguments) : $0 }
    }
}
