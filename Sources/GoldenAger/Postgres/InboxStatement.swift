import FluentPostgresDriver
import Foundation
import Kernel

/// The inbox — the page volunteers keep open and refresh on every event of their city —
/// as one PostgreSQL statement that also signs the caller in, from the API (bearer token)
/// or the page (session cookie): one round trip, prepared once per connection and read
/// by position. It reads who the volunteer is, the task they hold, the version of their
/// city's open tasks (`CreateCityVersions`) and which of them they declined; the open
/// tasks themselves come from memory while that version holds (`CityOffers`). Every
/// read is guarded by the signed-in account (`SignedInSQL`), so a caller who is not
/// a signed-in volunteer reads nothing. One row, or none for an unknown secret.
struct InboxStatement<Source: SignInSource>: PostgresPreparedStatement {
    static var name: String { "golden_ager_inbox_" + Source.name }
    static var sql: String {
        SignedInSQL.statement(name, Source.self) { caller in
            """
            , volunteer AS (
                SELECT * FROM ga_profiles WHERE account_id = \(caller.accountID)
                  AND (SELECT role FROM signed_in) = 'volunteer')
            SELECT \(caller.columns), \(InboxColumns.qualified(InboxColumns.profile, "p")), \(InboxColumns.qualified(InboxColumns.task, "held")),
                   \(InboxColumns.qualified(InboxColumns.template, "held_template")),
                   (SELECT version FROM ga_city_versions WHERE city = p.city),
                   ARRAY(SELECT d.task_id FROM ga_task_declines d JOIN ga_tasks t ON t.id = d.task_id
                         WHERE d.volunteer_id = p.account_id AND t.city = p.city AND t.status = 'searching')
            FROM signed_in
            LEFT JOIN volunteer p ON true
            LEFT JOIN LATERAL (
                SELECT * FROM ga_tasks WHERE volunteer_id = p.account_id AND status = 'accepted' LIMIT 1) held ON true
            LEFT JOIN ga_task_templates held_template ON held_template.id = held.template_id
            """
        }
    }
    static var bindingDataTypes: [PostgresDataType] { SignIn.bindingDataTypes }
    typealias Row = InboxRow

    let credential: SignInCaller.Credential
    let app: String
    let now: Date

    func makeBindings() throws -> PostgresBindings {
        credential.bindings(app: app, now: now, capacity: 0)
    }

    func decodeRow(_ row: PostgresRow) throws -> InboxRow {
        var columns = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&columns)
        let profile = try columns.profile()
        let current = try columns.task()
        // Read whether or not a task is held: the columns are there either way.
        let template = try columns.template()
        current?.$template.value = template
        return InboxRow(signIn: signIn, profile: profile, current: current,
                        cityVersion: try columns.next(Int64?.self) ?? 0, declined: try columns.next([UUID]?.self) ?? [])
    }
}

/// What `InboxStatement` read: the sign-in, and for a signed-in volunteer their profile,
/// the task they hold (with its template), their city's version and the open tasks there
/// they declined.
struct InboxRow: Sendable {
    let signIn: SignIn
    let profile: Profile?
    let current: HelpTask?
    let cityVersion: Int64
    let declined: [UUID]
}
