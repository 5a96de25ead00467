import FluentPostgresDriver
import Foundation
import Kernel

/// The inbox in one round trip (`InboxStatement`): the sign-in, the volunteer, the task
/// they hold, their city's version and what they declined; the city's open tasks come
/// from memory while that version holds (`CityOffers`). A request that has signed in
/// already has no secret to send, and is answered as the portable store answers it.
struct PostgresInboxStore: InboxStore {
    let context: GoldenAgerContext

    func inbox(of caller: SignInCaller, withHeldTask: Bool, limit: Int) async throws -> VolunteerInbox {
        guard let credential = caller.credential else {
            return try await PortableInboxStore(context: context).inbox(of: caller, withHeldTask: withHeldTask, limit: limit)
        }
        let rows = try await inboxRows(credential, app: caller.app)
        let account = try await caller.signIn(rows.first?.signIn, roles: [GARole.volunteer.rawValue])
        let row = rows[0]
        let member = Member(account: account, profile: row.profile)
        let profile = try member.requireProfile()
        guard profile.isOnline else { return VolunteerInbox(member: member, current: row.current, offered: []) }
        let open = try await openTasks(in: profile.city, version: row.cityVersion)
        let declined = Set(row.declined)
        return VolunteerInbox(member: member, current: row.current, offered: Array(open.lazy.filter { !declined.contains($0.id) }.prefix(limit)))
    }

    private func inboxRows(_ credential: SignInCaller.Credential, app: String) async throws -> [InboxRow] {
        func rows<Source: SignInSource>(_: Source.Type) async throws -> [InboxRow] {
            try await context.db.preparedRows(InboxStatement<Source>(credential: credential, app: app, now: context.clock.now))
        }
        return try await rows(credential.source)
    }

    /// The open tasks of `city`, oldest first, as of `version` or later.
    private func openTasks(in city: String, version: Int64) async throws -> [OfferedTask] {
        let db = context.db
        return try await context.cityOffers.tasks(in: city, version: version) {
            let rows = try await db.preparedRows(CityOffersStatement(city: city, limit: CityOffers.tasksPerCity))
            return CityOffers.Snapshot(version: rows.first?.version ?? 0, tasks: rows.compactMap(\.offered))
        }
    }
}
