import Fluent
import Foundation
import Kernel
import Vapor

/// `/fuctivity/api/v1`: everything a person can do, for native clients. Handlers parse,
/// call one service, and shape the answer.
enum FuctivityAPI {
    typealias M = FXModels

    static func register(on api: any RoutesBuilder) {
        api.get("settings", use: settings)
        api.put("settings", use: updateSettings)
        api.get("categories", use: categories)
        api.post("categories", use: createCategory)
        api.put("categories", ":categoryID", use: renameCategory)
        api.delete("categories", ":categoryID", use: deleteCategory)
        api.get("activities", use: activities)
        api.post("activities", use: createActivity)
        api.get("activities", ":activityID", use: activity)
        api.put("activities", ":activityID", use: updateActivity)
        api.delete("activities", ":activityID", use: deleteActivity)
        api.post("activities", ":activityID", "restore", use: restoreActivity)
        api.post("activities", ":activityID", "complete", use: completeActivity)
        api.post("activities", ":activityID", "rating", use: rateActivity)
        api.get("suggestions", use: suggestions)
        api.get("statistics", use: statistics)
        api.get("calendar-feed", use: calendarFeed)
        api.post("calendar-feed", use: createCalendarFeed)
        api.delete("calendar-feed", use: revokeCalendarFeed)
        api.get("events", use: events)
    }

    // MARK: Settings (sign-up and the account are the kernel's, `FuctivityAccounts`)

    static func settings(_ req: Request) async throws -> M.Settings {
        M.profile(try await req.planner()).settings
    }

    static func updateSettings(_ req: Request) async throws -> M.Profile {
        let planner = try await req.planner()
        let input = try req.content.decode(M.SettingsUpdate.self)
        return M.profile(try await req.fuctivity.people.updatePlan(planner, with: PlanChanges(
            name: input.name, workingDays: input.workingDays, workHours: input.workHours, workStarts: input.workStarts,
            restHours: input.restHours, dayStarts: input.dayStarts, dayEnds: input.dayEnds, timeZone: input.timeZone)))
    }

    // MARK: Categories

    static func categories(_ req: Request) async throws -> [M.Category] {
        try await req.fuctivity.categories.all(for: try await req.planner()).map { M.category($0, req.language) }
    }

    static func createCategory(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let input = try req.content.decode(M.NewCategory.self)
        let category = try await req.fuctivity.categories.create(named: input.name, for: planner)
        return try await M.category(category, req.language).encodeResponse(status: .created, for: req)
    }

    static func renameCategory(_ req: Request) async throws -> M.Category {
        let planner = try await req.planner()
        let input = try req.content.decode(M.NewCategory.self)
        return M.category(try await req.fuctivity.categories.rename(try categoryID(req), to: input.name, for: planner), req.language)
    }

    static func deleteCategory(_ req: Request) async throws -> HTTPStatus {
        let planner = try await req.planner()
        try await req.fuctivity.categories.delete(try categoryID(req), for: planner)
        return .noContent
    }

    static func categoryID(_ req: Request) throws -> UUID {
        try req.uuidParameter("categoryID", notFound: "category_not_found", key: "fx.category.not_found")
    }

    // MARK: Activities

    /// `?from=&to=`: RFC 3339 times or days in the person's zone (`to` as a day includes
    /// it); by default the current week.
    static func activities(_ req: Request) async throws -> [M.Activity] {
        let planner = try await req.planner()
        let zone = planner.timeZone
        var v = Kernel.Validator()
        let thisWeek = LocalDay(req.clock.now, in: zone).monday
        let from = moment(req.query[String.self, at: "from"], zone: zone, endOfDay: false, field: "from", into: &v) ?? thisWeek.start(in: zone)
        let to = moment(req.query[String.self, at: "to"], zone: zone, endOfDay: true, field: "to", into: &v) ?? thisWeek.adding(days: 7).start(in: zone)
        try v.throwIfInvalid()
        return try await req.fuctivity.activities.list(for: planner, from: from, to: to).map { M.activity($0, req.language) }
    }

    static func createActivity(_ req: Request) async throws -> Response {
        let input = Result { try draft(req) }
        return try await created(try await req.fuctivity.activityStore.create(by: req.caller(in: Fuctivity.descriptor), input), req)
    }

    /// 201 with the saved activity, its overlaps, and its address.
    static func created(_ saved: SavedActivity, _ req: Request) async throws -> Response {
        let answer = M.saved(saved, req.language)
        return Response(status: .created, json: answer, headers: ["Location": "\(Fuctivity.descriptor.apiPath)/activities/\(answer.activity.id)"])
    }

    static func activity(_ req: Request) async throws -> M.Activity {
        let planner = try await req.planner()
        return M.activity(try await req.fuctivity.activities.view(try activityID(req), for: planner), req.language)
    }

    static func updateActivity(_ req: Request) async throws -> M.SavedActivityDTO {
        let planner = try await req.planner()
        let id = try activityID(req)
        return M.saved(try await req.fuctivity.activities.update(id, with: try draft(req), for: planner), req.language)
    }

    static func deleteActivity(_ req: Request) async throws -> M.Activity {
        let planner = try await req.planner()
        return M.activity(try await req.fuctivity.activities.delete(try activityID(req), for: planner), req.language)
    }

    static func restoreActivity(_ req: Request) async throws -> M.Activity {
        let planner = try await req.planner()
        return M.activity(try await req.fuctivity.activities.restore(try activityID(req), for: planner), req.language)
    }

    static func completeActivity(_ req: Request) async throws -> Response {
        let completion = Result {
            let id = try activityID(req)
            let input = try req.content.decode(M.Completion.self)
            guard let status = input.status.flatMap(ActivityStatus.init(rawValue:)), status != .planned else {
                throw AppError.validation([FieldError(field: "status", key: "fx.validation.status")])
            }
            return ActivityCompletion(id: id, status: status)
        }
        let view = try await req.fuctivity.activityStore.complete(by: req.caller(in: Fuctivity.descriptor), completion)
        return Response(status: .ok, json: M.activity(view, req.language))
    }

    static func rateActivity(_ req: Request) async throws -> M.Activity {
        let planner = try await req.planner()
        let id = try activityID(req)
        let input = try req.content.decode(M.RatingInput.self)
        return M.activity(try await req.fuctivity.activities.rate(id, rating: input.rating, note: input.note, for: planner), req.language)
    }

    // MARK: Suggestions and statistics

    /// `?date=YYYY-MM-DD` for one day, or `?week=YYYY-MM-DD` for the seven days of that
    /// day's week; today by default.
    static func suggestions(_ req: Request) async throws -> [M.DaySuggestionsDTO] {
        let planner = try await req.planner()
        let today = LocalDay(req.clock.now, in: planner.timeZone)
        let days: [LocalDay]
        if let week = req.query[String.self, at: "week"] {
            let monday = try day(week, field: "week").monday
            days = (0..<7).map { monday.adding(days: $0) }
        } else if let date = req.query[String.self, at: "date"] {
            days = [try day(date, field: "date")]
        } else if let date = req.query[String.self, at: "day"] {
            // `day`, as the web pages name it, means the same as `date`.
            days = [try day(date, field: "day")]
        } else {
            days = [today]
        }
        return try await req.fuctivity.insights.suggestions(for: planner, days: days).map(M.suggestions)
    }

    /// `?week=YYYY-MM-DD`: the week holding that day (this week by default).
    static func statistics(_ req: Request) async throws -> Response {
        Response(status: .ok, json: try await statisticsAnswer(req))
    }

    static func statisticsAnswer(_ req: Request) async throws -> M.Statistics {
        let week = Result { try req.query[String.self, at: "week"].map { try day($0, field: "week") } }
        let report = try await req.fuctivity.activityStore.statistics(of: req.caller(in: Fuctivity.descriptor), week: week)
        return M.statistics(report.statistics, categories: report.categories, req.language)
    }

    // MARK: Calendar feed and live events

    static func calendarFeed(_ req: Request) async throws -> M.Feed {
        let planner = try await req.planner()
        guard let createdAt = try await req.fuctivity.feeds.createdAt(for: planner.id) else {
            throw AppError.notFound(code: "no_calendar_feed", key: "fx.feed.none")
        }
        return M.Feed(url: nil, createdAt: createdAt)
    }

    static func createCalendarFeed(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let created = try await req.fuctivity.feeds.create(for: planner.id)
        return try await M.Feed(url: FuctivityWeb.feedURL(token: created.token, req), createdAt: created.createdAt)
            .created(at: "\(Fuctivity.descriptor.apiPath)/calendar-feed", for: req)
    }

    static func revokeCalendarFeed(_ req: Request) async throws -> HTTPStatus {
        try await req.fuctivity.feeds.revoke(for: try await req.planner().id)
        return .noContent
    }

    /// Server-sent events: `reminder` when one of the person's reminders is due.
    static func events(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        return ServerSentEvents.response(for: req, topics: [FuctivityEvents.topic(for: planner.id)])
    }

    // MARK: Input

    static func draft(_ req: Request) throws -> ActivityDraft {
        let input = try req.content.decode(M.ActivityInput.self)
        var reminders: [ReminderTiming] = []
        for reminder in input.reminders ?? [] {
            switch (reminder.minutesBefore, reminder.at) {
            case (let minutes?, nil): reminders.append(.minutesBefore(minutes))
            case (nil, let at?): reminders.append(.at(at))
            default: throw AppError.validation([FieldError(field: "reminders", key: "fx.validation.reminder_timing")])
            }
        }
        return ActivityDraft(categoryID: input.categoryId, details: input.description, startsAt: input.startsAt, endsAt: input.endsAt,
                             reminders: reminders)
    }

    static func activityID(_ req: Request) throws -> UUID {
        try req.uuidParameter("activityID", notFound: "activity_not_found", key: "fx.activity.not_found")
    }


    static func day(_ text: String, field: String) throws -> LocalDay {
        guard let day = LocalDay(text) else { throw AppError.validation([FieldError(field: field, key: "fx.validation.date")]) }
        return day
    }

    /// An RFC 3339 time, or a day in `zone`: its start, or (`endOfDay`) the next day's start.
    static func moment(_ text: String?, zone: TimeZone, endOfDay: Bool, field: String, into v: inout Kernel.Validator) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let day = LocalDay(text) { return (endOfDay ? day.adding(days: 1) : day).start(in: zone) }
        if let date = RFC3339.date(text) { return date }
        v.add(field, "fx.validation.date")
        return nil
    }
}
