import Fluent
import SQLKit

/// A person's time zone lives in one place, their account (`kernel_accounts.time_zone`,
/// which the kernel and every app read), not in the profile: each profile's zone is copied
/// to its account and the profile's column goes.
struct MoveTimeZoneToAccount: AsyncMigration {
    var name: String { "znoshka.011.time-zone-on-account" }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("""
            UPDATE kernel_accounts SET time_zone = (SELECT p.time_zone FROM zn_profiles p WHERE p.account_id = kernel_accounts.id)
            WHERE app = 'znoshka' AND EXISTS (SELECT 1 FROM zn_profiles p WHERE p.account_id = kernel_accounts.id)
            """).run()
        try await sql.raw("ALTER TABLE zn_profiles DROP COLUMN time_zone").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ZnoshkaProfile.schema).field("time_zone", .string, .required, .sql(.default("Europe/Kyiv"))).update()
        try await database.sql.raw("""
            UPDATE zn_profiles SET time_zone = coalesce((SELECT a.time_zone FROM kernel_accounts a WHERE a.id = zn_profiles.account_id), 'Europe/Kyiv')
            """).run()
    }
}
