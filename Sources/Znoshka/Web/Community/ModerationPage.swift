import Foundation
import Kernel
import Vapor

/// `/znoshka/moderation`: the moderators' queue of reported solutions and comments. Each
/// decision posts to the discussion's own moderation form handler (`DiscussionPage.moderate`)
/// with `from=queue`, and comes back here.
enum ModerationPage {
    static let path = "\(ZnoshkaWeb.prefix)/moderation"

    static func register(on web: any RoutesBuilder) {
        web.get("moderation", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let moderator = try await req.student()
        let queue = try await req.znoshka.community.moderationQueue(for: moderator)
        return req.render(ModerationView(student: moderator, queue: queue, c: req.viewContext).page)
    }
}
