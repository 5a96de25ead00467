import Foundation
import Kernel
import Vapor

/// An activity's own page and what can be done there: mark it done or skipped, rate it,
/// delete it (and take that back).
enum ActivityDetailPage {
    static func register(on web: any RoutesBuilder) {
        web.get("activities", ":activityID", use: show)
        web.post("activities", ":activityID", "complete", use: complete)
        web.post("activities", ":activityID", "rating", use: rate)
        web.post("activities", ":activityID", "delete", use: delete)
        web.post("activities", ":activityID", "restore", use: restore)
    }

    /// The activity in the address (404 when it is not an id).
    static func activityID(_ req: Request) throws -> UUID {
        try FuctivityAPI.activityID(req)
    }

    static func show(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            let view = try await req.fuctivity.activities.view(try activityID(req), for: planner)
            return req.render(ActivityDetailView(planner: planner, shown: view, now: req.clock.now, c: req.viewContext).page)
        }
    }

    static func complete(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try activityID(req)
        let path = FuctivityWeb.activityPath(id)
        let status = FormState.submitted(by: req).values["status"].flatMap(ActivityStatus.init(rawValue:)) ?? .planned
        return try await req.showingConflicts(on: path) {
            let view = try await req.fuctivity.activities.complete(id, as: status, for: planner)
            return req.redirect(to: path, flash: .success, view.activity.status == .done ? "fx.activity.done_flash" : "fx.activity.skipped_flash")
        }
    }

    /// A rating that cannot be saved comes back as a flash message on the activity's page.
    static func rate(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let id = try activityID(req)
        let path = FuctivityWeb.activityPath(id)
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
        return req.redirect(to: "\(FuctivityWeb.prefix)/week?day=\(day)&undo=\(view.activity.id!.uuidString.lowercased())", redirectType: .normal)
    }

    static func restore(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let view = try await req.fuctivity.activities.restore(try activityID(req), for: planner)
        return req.redirect(to: FuctivityWeb.activityPath(view.activity.id!), flash: .success, "fx.activity.restored")
    }
}
