import FluentPostgresDriver
import Foundation
import Kernel

/// The search for an API caller that also signs the caller in (`SignedInSQL`): one round
/// trip. A row per hit, or one without when nothing matched; nothing is searched for a
/// caller whose token is not valid.
struct SignedInEventSearchStatement: PostgresPreparedStatement {
    static let name = "movejoin_signed_in_event_search"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
         SELECT \(caller.columns), EXISTS (SELECT 1 FROM mj_profiles WHERE account_id = \(caller.accountID)), hit.*
        FROM signed_in
        LEFT JOIN LATERAL (\(EventSearchStatement.search(viewer: caller.accountID, parameters: (4...16).map { "$\($0)" }))) hit
            ON signed_in.valid
        ORDER BY hit.starts_at, hit.id
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.text, .timestamptz, .timestamptz, .textArray, .text, .text,
                                                                  .timestamptz, .uuid, .int8] + EventSearchStatement.nearbyDataTypes

    struct Row: Sendable {
        /// The row as read: its sign-in columns are decoded for the first row only.
        let row: PostgresRow
        let hasProfile: Bool
        let hit: SearchHit?

        func signIn() throws -> SignIn {
            var columns = Kernel.PostgresColumns(row)
            return try SignIn.decode(&columns)
        }
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let search: EventSearchStatement

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 13)
        bindings.append(search.cityID)
        search.appendFilters(to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var columns = Kernel.PostgresColumns(row)
        columns.skip(SignIn.columnCount)
        let hasProfile = try columns.next(Bool.self)
        let hit = try columns.next(UUID?.self).map { try EventSearchStatement.hit(&columns, id: $0) }
        return Row(row: row, hasProfile: hasProfile, hit: hit)
    }
}
