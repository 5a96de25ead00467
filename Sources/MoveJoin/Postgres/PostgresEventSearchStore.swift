import FluentPostgresDriver
import Foundation
import Kernel

/// The search as one prepared statement (`EventSearchStatement`); for an API caller whose
/// query names its city, one that also signs them in (`SignedInEventSearchStatement`):
/// one round trip. A query without a city needs the caller's profile first, and is
/// answered as the portable store answers it (sign in, then search).
struct PostgresEventSearchStore: EventSearchStore {
    let context: MoveJoinContext

    func hits(of search: EventSearchStatement) async throws -> [SearchHit] {
        try await context.db.preparedRows(search)
    }

    func search(by caller: SignInCaller, _ search: @Sendable (_ defaultCity: String?) throws -> EventSearch) async throws -> EventPage {
        guard let credential = caller.credential, credential.isBearerToken, let named = try? search(nil),
              let statement = try? context.sportEvents.statement(for: named, viewerID: nil) else {
            return try await PortableEventSearchStore(context: context).search(by: caller, search)
        }
        let rows = try await context.db.preparedRows(
            SignedInEventSearchStatement(credential: credential, app: caller.app, now: context.clock.now, search: statement))
        _ = try await caller.signIn(try rows.first?.signIn())
        guard rows.first?.hasProfile == true else { throw AppError.unauthenticated }
        return try await context.sportEvents.page(of: rows.compactMap(\.hit), size: statement.limit - 1)
    }
}
