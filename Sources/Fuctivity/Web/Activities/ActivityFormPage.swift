import Foundation
import Kernel
import Vapor

/// The Add tab and an activity's edit page: one form, for a new activity or changes.
enum ActivityFormPage {
    static func register(on web: any RoutesBuilder) {
        web.get("activities", "new", use: newActivity)
        web.post("activities", use: create)
        web.get("activities", ":activityID", "edit", use: edit)
        web.post("activities", ":activityID", use: update)
    }

    /// `?day=` for a day (18:00–19:00 there), `?start=&end=` (seconds) for a free slot;
    /// a walk with a reminder a quarter of an hour before.
    static func newActivity(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let zone = planner.timeZone
            var values: [String: String] = ["reminder": "15"]
            if let start = req.query[Double.self, at: "start"], let end = req.query[Double.self, at: "end"], end > start {
                values.merge(timeValues(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end), zone: zone)) { $1 }
            } else {
                let day = try FuctivityWeb.chosenDay(req, planner)
                values.merge(timeValues(start: day.moment(minutes: 18 * 60, in: zone), end: day.moment(minutes: 19 * 60, in: zone), zone: zone)) { $1 }
            }
            values["categoryId"] = BuiltInCategory.find("walk")!.uuid.uuidString
            return try await render(req, planner, editing: nil, form: FormState(values: values))
        }
    }

    static func create(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        do {
            let saved = try await req.fuctivity.activities.create(try draft(state, zone: planner.timeZone), for: planner)
            return saved.redirect(req, created: true)
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await render(req, planner, editing: nil, form: FormState(values: state.values, errors: formErrors(error.fieldErrors)),
                                    status: .unprocessableEntity)
        }
    }

    /// The form filled with the activity as it is: its first two reminders before the
    /// start, and its first at a set time.
    static func edit(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let view = try await req.fuctivity.activities.view(try ActivityDetailPage.activityID(req), for: planner)
            let a = view.activity
            var values = timeValues(start: a.startsAt, end: a.endsAt, zone: planner.timeZone)
            values["categoryId"] = a.categoryID.uuidString
            values["description"] = a.details
            let relative = view.reminders.compactMap(\.minutesBefore)
            if let first = relative.first { values["reminder"] = String(first) }
            if relative.count > 1 { values["reminder2"] = String(relative[1]) }
            if let at = view.reminders.compactMap(\.remindAt).first { values["remindAt"] = LocalDateTime(at, in: planner.timeZone).isoMinutes }
            return try await render(req, planner, editing: a.id!, form: FormState(values: values))
        }
    }

    static func update(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try ActivityDetailPage.activityID(req)
        let state = FormState.submitted(by: req)
        do {
            let saved = try await req.fuctivity.activities.update(id, with: try draft(state, zone: planner.timeZone), for: planner)
            return saved.redirect(req, created: false)
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await render(req, planner, editing: id, form: FormState(values: state.values, errors: formErrors(error.fieldErrors)),
                                    status: .unprocessableEntity)
        }
    }

    /// The form for a new activity (`editing` nil) or for changing one, with the person's
    /// categories: an archived one only where it is the activity's already.
    static func render(_ req: Request, _ planner: Planner, editing: UUID?, form: FormState, status: HTTPResponseStatus = .ok) async throws -> Response {
        let selected = form.values["categoryId"].flatMap(UUID.init(uuidString:))
        let categories = try await req.fuctivity.categories.all(for: planner).filter { !$0.isArchived || $0.id == selected }
        return req.render(ActivityFormView(planner: planner, editing: editing, categories: categories, form: form, status: status, c: req.viewContext).page)
    }

    /// Form values of a start and end: a day and two wall-clock times in the person's zone.
    static func timeValues(start: Date, end: Date, zone: TimeZone) -> [String: String] {
        let from = LocalDateTime(start, in: zone), to = LocalDateTime(end, in: zone)
        return ["date": from.dateString, "startTime": from.timeString, "endTime": to.timeString]
    }

    /// The draft a submitted form describes; field errors for what cannot even be read.
    static func draft(_ state: FormState, zone: TimeZone) throws -> ActivityDraft {
        var v = Kernel.Validator()
        let category = state.values["categoryId"].flatMap(UUID.init(uuidString:))
        if category == nil { v.add("categoryId", "validation.required") }
        var start: Date?, end: Date?
        if let day = state.values["date"].flatMap(LocalDay.init) {
            if let minutes = WeekPlan.minutes(state.values["startTime"] ?? "") { start = day.moment(minutes: minutes, in: zone) }
            else { v.add("startTime", "fx.validation.time") }
            if let minutes = WeekPlan.minutes(state.values["endTime"] ?? "") {
                // An end not after the start is on the next day (sleep from 23:00 to 07:00).
                let sameDay = day.moment(minutes: minutes, in: zone)
                end = start.map { sameDay <= $0 ? day.adding(days: 1).moment(minutes: minutes, in: zone) : sameDay } ?? sameDay
            } else {
                v.add("endTime", "fx.validation.time")
            }
        } else {
            v.add("date", "fx.validation.date")
        }
        var reminders: [ReminderTiming] = []
        for field in ["reminder", "reminder2"] {
            if let minutes = state.values[field].flatMap(Int.init) { reminders.append(.minutesBefore(minutes)) }
        }
        if let text = state.values["remindAt"], !text.isEmpty {
            let parts = text.split(separator: "T")
            if parts.count == 2, let day = LocalDay(String(parts[0])), let minutes = WeekPlan.minutes(String(parts[1].prefix(5))) {
                reminders.append(.at(day.moment(minutes: minutes, in: zone)))
            } else {
                v.add("remindAt", "fx.validation.time")
            }
        }
        try v.throwIfInvalid()
        return ActivityDraft(categoryID: category, details: state.values["description"], startsAt: start, endsAt: end, reminders: reminders)
    }

    /// Service field names → form field names.
    static func formErrors(_ errors: [FieldError]) -> [FieldError] {
        errors.map { error in
            let field = ["startsAt": "startTime", "endsAt": "endTime", "reminders": "reminder"][error.field] ?? error.field
            return FieldError(field: field, key: error.key, arguments: error.arguments)
        }
    }
}

extension SavedActivity {
    /// To the activity's page, warning about any overlap (the person decides).
    func redirect(_ req: Request, created: Bool) -> Response {
        let path = FuctivityWeb.activityPath(view.activity.id!)
        if !overlaps.isEmpty {
            let l = req.localizer
            let names = overlaps.map { $0.activity.details.isEmpty ? $0.category.name(in: l.language) : $0.activity.details }
            return req.redirect(to: path, flash: .info, "fx.activity.overlaps", ["names": names.joined(separator: ", ")])
        }
        return req.redirect(to: path, flash: .success, created ? "fx.activity.created" : "fx.activity.saved")
    }
}
