import Foundation
import Kernel
import Vapor

/// The Profile tab: the week plan, the calendar feed, the password and signing out.
enum ProfilePage {
    static let prefix = FuctivityWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("profile", use: profile)
        web.post("profile", use: save)
        web.post("profile", "calendar-feed", use: createFeed)
        web.post("profile", "calendar-feed", "revoke", use: revokeFeed)
    }

    static func profile(_ req: Request) async throws -> Response {
        try await FuctivityWeb.signedIn(req) { planner in
            try await render(req, planner, form: FormState(values: PlanForm.values(planner)))
        }
    }

    static func save(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        if let failed = try await PlanForm.save(req, planner) {
            return try await render(req, planner, form: failed, status: .unprocessableEntity)
        }
        return req.redirect(to: "\(prefix)/profile", flash: .success, "fx.profile.saved")
    }

    /// A new feed's address is shown this once, on the page the button answers with.
    static func createFeed(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        let created = try await req.fuctivity.feeds.create(for: planner.id)
        return try await render(req, planner, form: FormState(values: PlanForm.values(planner)),
                                newFeedURL: FuctivityWeb.feedURL(token: created.token, req))
    }

    static func revokeFeed(_ req: Request) async throws -> Response {
        let planner = try await req.planner()
        try await req.fuctivity.feeds.revoke(for: planner.id)
        return req.redirect(to: "\(prefix)/profile", flash: .info, "fx.feed.revoked")
    }

    static func render(_ req: Request, _ planner: Planner, form: FormState, newFeedURL: String? = nil,
                       status: HTTPResponseStatus = .ok) async throws -> Response {
        let feedCreatedAt = try await req.fuctivity.feeds.createdAt(for: planner.id)
        let view = ProfileView(planner: planner, form: form, status: status, feedCreatedAt: feedCreatedAt, newFeedURL: newFeedURL, c: req.viewContext)
        return req.render(view.page)
    }
}
