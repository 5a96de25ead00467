import FluentPostgresDriver
import Foundation
import Kernel

/// The search as one prepared statement (`EventSearchStatement`); for an API caller whose
/// query names its city, one that also signs them in (`SignedInEventSearchStatement`):
/// one round trip. A query without a city needs the caller's profile first, and one with a
/// map's box a statement of its own: both are answered after the usual sign-in.
struct PostgresEventSearchStore: EventSearchStore {
    let context: MoveJoinContext

    func hits(of search: EventSearchStatement) async throws -> [SearchHit] {
        if let box = search.box { return try await context.db.preparedRows(EventBoxSearchStatement(search: search, box: box)) }
        return try await context.db.preparedRows(search)
    }

    func search(by caller: SignInCaller, _ search: @Sendable (_ defaultCity: String?) throws -> EventSearch) async throws -> EventPage {
        // The map's box is searched after the sign-in (`EventBoxSearchStatement`).
        guard let credential = caller.credential, credential.isBearerToken, let named = try? search(nil), named.bbox == nil,
              let statement = try? context.sportEvents.statement(for: named, viewerID: nil) else {
            return try await searchAfterSignIn(by: caller, context: context, search)
        }
        let rows = try await context.db.preparedRows(
            SignedInEventSearchStatement(credential: credential, app: caller.app, now: context.clock.now, search: statement))
        _ = try await caller.signIn(try rows.first?.signIn())
        guard rows.first?.hasProfile == true else { throw AppError.unauthenticated }
        return try await context.sportEvents.page(of: rows.compactMap(\.hit), size: statement.limit - 1)
    }
}
