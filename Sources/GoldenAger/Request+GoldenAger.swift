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

    /// The signed-in volunteer's inbox: one statement on PostgreSQL, the services' portable
    /// reads elsewhere. `withHeldTask` asks for the task they hold too (the page shows it).
    func volunteerInbox(withHeldTask: Bool) async throws -> VolunteerInbox {
        let tasks = goldenAger.tasks
        if let caller = signInCaller(in: GoldenAger.descriptor), let inbox = try await tasks.inbox(caller: caller) {
            return inbox
        }
        let member = try await member(.volunteer)
        let held = withHeldTask ? try await tasks.currentAssignment(of: member) : nil
        return VolunteerInbox(member: member, current: held, offered: try await tasks.inbox(of: member).map(OfferedTask.init))
    }
}
