import Fluent
import Foundation
import Kernel
import Vapor

/// What a request of Golden Ager reaches: its services, and who is signed in.
extension Request {
    public var goldenAger: GoldenAgerContext {
        GoldenAgerContext(services)
    }

    /// The signed-in Golden Ager person (401 without one, 403 with another role).
    func member(_ roles: GARole...) async throws -> Member {
        try await signedIn(Member.self, roles: roles.isEmpty ? nil : Set(roles.map(\.rawValue)))
    }

    /// The signed-in volunteer's inbox (`InboxStore`). `withHeldTask` asks for the task
    /// they hold too (the page shows it).
    func volunteerInbox(withHeldTask: Bool) async throws -> VolunteerInbox {
        try await goldenAger.inboxes.inbox(of: caller(in: GoldenAger.descriptor), withHeldTask: withHeldTask, limit: 100)
    }
}
