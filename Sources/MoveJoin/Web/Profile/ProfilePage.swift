import Foundation
import Kernel
import Vapor

/// The Profile tab: the person's details, the way to the other profile pages, the
/// calendar feed, signing out and deletion.
enum ProfilePage {
    static let prefix = MoveJoinWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: profile)
        web.post("profile", use: saveProfile)
        web.post("profile", "calendar-feed", use: createFeed)
        web.post("profile", "calendar-feed", "revoke", use: revokeFeed)
    }

    static func profile(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        return try await render(req, mover, form: FormState(values: values(mover)))
    }

    static func saveProfile(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let state = FormState.submitted(by: req)
        do {
            _ = try await req.moveJoin.people.update(mover, name: state.values["name"] ?? "", surname: state.values["surname"] ?? "",
                                                     cityID: state.values["cityId"] ?? "")
            return req.redirect(to: "\(prefix)/profile", flash: .success, "mj.profile.saved")
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            return try await render(req, mover, form: FormState(values: state.values, errors: error.fieldErrors), status: error.status)
        }
    }

    /// A new feed's address is shown this once, on the page the button answers with.
    static func createFeed(_ req: Request) async throws -> Response {
        let mover = try await req.mover()
        let created = try await req.moveJoin.calendarFeeds.create(for: mover)
        return try await render(req, mover, form: FormState(values: values(mover)), newFeedURL: MoveJoinWeb.feedURL(token: created.token, req))
    }

    static func revokeFeed(_ req: Request) async throws -> Response {
        try await req.moveJoin.calendarFeeds.revoke(for: try await req.mover())
        return req.redirect(to: "\(prefix)/profile", flash: .info, "mj.feed.revoked")
    }

    /// The details form as stored.
    static func values(_ mover: Mover) -> [String: String] {
        ["name": mover.profile.name, "surname": mover.profile.surname, "cityId": mover.profile.cityID]
    }

    static func render(_ req: Request, _ mover: Mover, form: FormState, status: HTTPResponseStatus = .ok, newFeedURL: String? = nil) async throws -> Response {
        let view = ProfileView(mover: mover, form: form, status: status, feedCreatedAt: try await req.moveJoin.calendarFeeds.createdAt(for: mover),
                               newFeedURL: newFeedURL, unreadNotices: try await req.moveJoin.notices.unreadCount(for: mover), c: req.viewContext)
        return req.render(view.page)
    }
}
