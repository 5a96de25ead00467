import Foundation
import Kernel

/// A volunteer's inbox, read for a caller not yet signed in: the page volunteers keep
/// open and refresh on every event of their city, and `GET /inbox`. The server picks its
/// store once (`GoldenAgerContext.inboxes`): `PortableInboxStore` on any database,
/// `PostgresInboxStore` — one statement that also signs the caller in — on PostgreSQL.
/// Both answer alike (`InboxStoreTests`).
protocol InboxStore: Sendable {
    /// The inbox of `caller`: a 401 without a sign-in, a 403 unless a volunteer; the
    /// oldest `limit` open tasks of their city they have not declined, none while offline.
    /// `withHeldTask` asks for the task they hold too (a store may read it anyway).
    func inbox(of caller: SignInCaller, withHeldTask: Bool, limit: Int) async throws -> VolunteerInbox
}

extension GoldenAgerContext {
    /// The inbox's store for this server's database.
    var inboxes: any InboxStore {
        services.fastPath(portable: PortableInboxStore(context: self), postgres: PostgresInboxStore(context: self))
    }
}

/// The inbox from the services' reads: sign in, then the held task and the open ones.
struct PortableInboxStore: InboxStore {
    let context: GoldenAgerContext

    func inbox(of caller: SignInCaller, withHeldTask: Bool, limit: Int) async throws -> VolunteerInbox {
        let member = try await caller.person(Member.self, roles: [GARole.volunteer.rawValue], on: context.db)
        let tasks = context.tasks
        let held = withHeldTask ? try await tasks.currentAssignment(of: member) : nil
        return VolunteerInbox(member: member, current: held, offered: try await tasks.inbox(of: member, limit: limit).map(OfferedTask.init))
    }
}
