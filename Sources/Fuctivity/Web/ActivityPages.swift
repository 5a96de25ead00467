import Fluent
import Foundation
import Kernel
import Vapor

/// Adding, changing, completing, rating and deleting one activity.
enum ActivityPages {
    static let prefix = FuctivityWeb.prefix
    /// The choices for a reminder before the start, in minutes.
    static let reminderChoices = [0, 5, 10, 15, 30, 60, 120, 1440]

    static func register(on web: any RoutesBuilder) {
        web.get("activities", "new", use: newPage)
        web.post("activities", use: create)
        web.get("activities", ":activityID", use: show)
        web.get("activities", ":activityID", "edit", use: editPage)
        web.post("activities", ":activityID", use: update)
        web.post("activities", ":activityID", "complete", use: complete)
        web.post("activities", ":activityID", "rating", use: rate)
        web.post("activities", ":activityID", "delete", use: delete)
        web.post("activities", ":activityID", "restore", use: restore)
    }

    static func activityID(_ req: Request) throws -> UUID {
        try FuctivityAPI.activityID(req)
    }

    // MARK: The form

    /// Form values of a start and end: a day and two wall-clock times in the person's zone.
    static func timeValues(start: Date, end: Date, zone: TimeZone) -> [String: String] {
        let from = LocalDateTime(start, in: zone), to = LocalDateTime(end, in: zone)
        return ["date": from.dateString, "startTime": from.timeString, "endTime": to.timeString]
    }

    static func form(_ req: Request, _ planner: Planner, categories: [RestCategory], state: FormState, action: String, submit: String) -> HTML {
        let l = req.localizer
        let reminderOptions = reminderChoices.map { (String($0), $0 == 0 ? l.text("fx.reminder.at_start") : l.text("fx.reminder.before", ["d": l.duration(minutes: $0)])) }
        return Components.postForm(req, action: action) {
            Components.errorSummary(state, l)
            SelectField(name: "categoryId", label: l.text("fx.field.category"), options: FuctivityWeb.categoryOptions(categories, l)).render(state, l)
            TextAreaField(name: "description", label: l.text("fx.field.description"), required: false, maxLength: ActivityService.detailsMaxLength).render(state, l)
            FormField(name: "date", label: l.text("fx.field.date"), type: "date").render(state, l)
            H.div(.class("field-row")) {
                FormField(name: "startTime", label: l.text("fx.field.start_time"), type: "time").render(state, l)
                FormField(name: "endTime", label: l.text("fx.field.end_time"), type: "time", hint: l.text("fx.hint.end_time")).render(state, l)
            }
            SelectField(name: "reminder", label: l.text("fx.field.reminder"), options: reminderOptions, required: false,
                        emptyLabel: l.text("fx.reminder.none")).render(state, l)
            SelectField(name: "reminder2", label: l.text("fx.field.reminder2"), options: reminderOptions, required: false,
                        emptyLabel: l.text("fx.reminder.none")).render(state, l)
            FormField(name: "remindAt", label: l.text("fx.field.remind_at"), type: "datetime-local", hint: l.text("fx.hint.remind_at"), required: false).render(state, l)
            Components.primaryButton(submit)
        }
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

    static func editorPage(_ req: Request, _ planner: Planner, state: FormState, title: String, action: String, submit: String,
                           status: HTTPResponseStatus = .ok) async throws -> Response {
        let categories = try await req.fuctivity.categories.all(for: planner)
        return FuctivityWeb.page(req, planner, title: title, section: .add, status: status) {
            H.section(.class("card")) {
                H.h1 { title }
                form(req, planner, categories: categories, state: state, action: action, submit: submit)
            }
        }
    }

    // MARK: New and edit

    /// `?day=` for a day, `?start=&end=` (seconds) for a free slot.
    static func newPage(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let zone = planner.timeZone
            let l = req.localizer
            var values: [String: String] = ["reminder": "15"]
            if let start = req.query[Double.self, at: "start"], let end = req.query[Double.self, at: "end"], end > start {
                values.merge(timeValues(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end), zone: zone)) { $1 }
            } else {
                let day = CalendarPages.chosenDay(req, planner)
                values.merge(timeValues(start: day.moment(minutes: 18 * 60, in: zone), end: day.moment(minutes: 19 * 60, in: zone), zone: zone)) { $1 }
            }
            values["categoryId"] = BuiltInCategory.find("walk")!.uuid.uuidString
            return try await editorPage(req, planner, state: FormState(values: values), title: l.text("fx.activity.new"),
                                        action: "\(prefix)/activities", submit: l.text("fx.activity.create"))
        }
    }

    static func create(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let state = FormState.submitted(by: req)
        let l = req.localizer
        do {
            let saved = try await req.fuctivity.activities.create(try draft(state, zone: planner.timeZone), for: planner)
            return saved.redirect(req, l, created: true)
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await editorPage(req, planner, state: FormState(values: state.values, errors: formErrors(error.fieldErrors)),
                                        title: l.text("fx.activity.new"), action: "\(prefix)/activities", submit: l.text("fx.activity.create"),
                                        status: .unprocessableEntity)
        }
    }

    static func editPage(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let view = try await req.fuctivity.activities.view(try activityID(req), for: planner)
            let a = view.activity
            var values = timeValues(start: a.startsAt, end: a.endsAt, zone: planner.timeZone)
            values["categoryId"] = a.categoryID.uuidString
            values["description"] = a.details
            let relative = view.reminders.compactMap(\.minutesBefore)
            if let first = relative.first { values["reminder"] = String(first) }
            if relative.count > 1 { values["reminder2"] = String(relative[1]) }
            if let at = view.reminders.compactMap(\.remindAt).first { values["remindAt"] = LocalDateTime(at, in: planner.timeZone).isoMinutes }
            let l = req.localizer
            return try await editorPage(req, planner, state: FormState(values: values), title: l.text("fx.activity.edit"),
                                        action: "\(prefix)/activities/\(a.id!.uuidString.lowercased())", submit: l.text("fx.activity.save"))
        }
    }

    static func update(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try activityID(req)
        let state = FormState.submitted(by: req)
        let l = req.localizer
        do {
            let saved = try await req.fuctivity.activities.update(id, with: try draft(state, zone: planner.timeZone), for: planner)
            return saved.redirect(req, l, created: false)
        } catch let error as AppError where error.status == .unprocessableEntity {
            return try await editorPage(req, planner, state: FormState(values: state.values, errors: formErrors(error.fieldErrors)),
                                        title: l.text("fx.activity.edit"), action: "\(prefix)/activities/\(id.uuidString.lowercased())",
                                        submit: l.text("fx.activity.save"), status: .unprocessableEntity)
        }
    }

    // MARK: One activity

    static func show(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let view = try await req.fuctivity.activities.view(try activityID(req), for: planner)
            let a = view.activity
            let l = req.localizer
            let zone = planner.timeZone
            let path = "\(prefix)/activities/\(a.id!.uuidString.lowercased())"
            let day = LocalDay(a.startsAt, in: zone)
            let title = a.details.isEmpty ? view.category.name(in: l.language) : "\(view.category.name(in: l.language)): \(a.details)"
            return FuctivityWeb.page(req, planner, title: title, section: .calendar) {
                H.section(.class("card")) {
                    H.h1 { title }
                    H.p { FuctivityWeb.statusBadge(a.status, l) }
                    H.p { "\(FuctivityWeb.dayTitle(day, l)), \(FuctivityWeb.span(a.startsAt, a.endsAt, zone)) (\(l.duration(minutes: Int(a.duration / 60))))" }
                    if !view.reminders.isEmpty {
                        H.h2 { l.text("fx.activity.reminders") }
                        H.ul {
                            for reminder in view.reminders {
                                H.li { l.text("fx.activity.reminder_at", ["time": "\(LocalDateTime(reminder.firesAt, in: zone).dottedDate) \(LocalDateTime(reminder.firesAt, in: zone).timeString)"]) }
                            }
                        }
                    }
                    if let rating = a.rating {
                        H.p { l.text("fx.activity.rated", ["rating": String(rating)]) }
                        if let note = a.ratingNote { H.p(.class("note")) { note } }
                    }
                }
                if a.status == .planned {
                    H.section(.class("card actions")) {
                        if a.startsAt <= req.clock.now {
                            Components.postForm(req, action: "\(path)/complete") {
                                H.input(.type("hidden"), .name("status"), .value("done"))
                                H.button(.type("submit"), .class("button button-yes button-block")) { l.text("fx.activity.mark_done") }
                            }
                        } else {
                            H.p(.class("hint")) { l.text("fx.activity.done_after_start") }
                        }
                        Components.postForm(req, action: "\(path)/complete", confirm: l.text("fx.activity.skip_confirm")) {
                            H.input(.type("hidden"), .name("status"), .value("skipped"))
                            H.button(.type("submit"), .class("button button-block")) { l.text("fx.activity.skip") }
                        }
                    }
                }
                if a.status == .done {
                    H.section(.class("card")) {
                        H.h2 { l.text("fx.activity.rate") }
                        Components.postForm(req, action: "\(path)/rating") {
                            H.fieldset(.class("rating")) {
                                H.legend { l.text("fx.field.rating") }
                                for value in 1...5 {
                                    H.label(.class("rating-choice")) {
                                        H.input(.type("radio"), .name("rating"), .value(String(value)), .flag("checked", a.rating == value), .flag("required"))
                                        H.span { String(value) }
                                    }
                                }
                            }
                            TextAreaField(name: "note", label: l.text("fx.field.note"), required: false, maxLength: ActivityService.noteMaxLength)
                                .render(FormState(values: ["note": a.ratingNote ?? ""]), l)
                            Components.primaryButton(l.text("fx.activity.save_rating"))
                        }
                    }
                }
                H.section(.class("card actions")) {
                    H.a(.class("button button-block"), .href("\(path)/edit")) { l.text("fx.activity.edit") }
                    Components.postForm(req, action: "\(path)/delete") {
                        Components.dangerButton(l.text("fx.activity.delete"))
                    }
                    H.a(.href("\(prefix)/week?day=\(day)")) { l.text("fx.activity.back") }
                }
            }
        }
    }

    static func complete(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try activityID(req)
        let path = "\(prefix)/activities/\(id.uuidString.lowercased())"
        let status = FormState.submitted(by: req).values["status"].flatMap(ActivityStatus.init(rawValue:)) ?? .planned
        return try await req.showingConflicts(on: path) {
            let view = try await req.fuctivity.activities.complete(id, as: status, for: planner)
            return req.redirect(to: path, flash: .success, view.activity.status == .done ? "fx.activity.done_flash" : "fx.activity.skipped_flash")
        }
    }

    static func rate(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try activityID(req)
        let path = "\(prefix)/activities/\(id.uuidString.lowercased())"
        let state = FormState.submitted(by: req)
        return try await req.showingConflicts(on: path) {
            do {
                _ = try await req.fuctivity.activities.rate(id, rating: state.values["rating"].flatMap(Int.init), note: state.values["note"], for: planner)
                return req.redirect(to: path, flash: .success, "fx.activity.rated_flash")
            } catch let error as AppError where error.status == .unprocessableEntity {
                return req.redirect(to: path, flash: .error, error.fieldErrors.first?.key ?? error.key, error.fieldErrors.first?.arguments ?? [:])
            }
        }
    }

    /// Deletes, then shows the week with a button that takes it back.
    static func delete(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let view = try await req.fuctivity.activities.delete(try activityID(req), for: planner)
        let day = LocalDay(view.activity.startsAt, in: planner.timeZone)
        return req.redirect(to: "\(prefix)/week?day=\(day)&undo=\(view.activity.id!.uuidString.lowercased())", redirectType: .normal)
    }

    static func restore(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let view = try await req.fuctivity.activities.restore(try activityID(req), for: planner)
        return req.redirect(to: "\(prefix)/activities/\(view.activity.id!.uuidString.lowercased())", flash: .success, "fx.activity.restored")
    }
}

extension SavedActivity {
    /// To the activity's page, warning about any overlap (the person decides).
    func redirect(_ req: Request, _ l: Localizer, created: Bool) -> Response {
        let path = "\(FuctivityWeb.prefix)/activities/\(view.activity.id!.uuidString.lowercased())"
        if !overlaps.isEmpty {
            let names = overlaps.map { $0.activity.details.isEmpty ? $0.category.name(in: l.language) : $0.activity.details }
            return req.redirect(to: path, flash: .info, "fx.activity.overlaps", ["names": names.joined(separator: ", ")])
        }
        return req.redirect(to: path, flash: .success, created ? "fx.activity.created" : "fx.activity.saved")
    }
}
