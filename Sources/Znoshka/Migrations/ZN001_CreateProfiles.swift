import Fluent
import Foundation
import Kernel

/// A profile per account: the exam date, the study reminder and the time zone.
struct CreateProfiles: AsyncMigration {
    var name: String { "znoshka.001.profiles" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ZnoshkaProfile.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("exam_date", .string)
            .field("reminder_minutes", .int)
            .field("time_zone", .string, .required)
            .field("reminded_on", .string)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_zn_profiles_reminder CHECK (reminder_minutes IS NULL OR reminder_minutes BETWEEN 0 AND 1439)"))
            .create()
        // The reminder job looks only at people who asked for one.
        try await database.sql.raw("CREATE INDEX ix_zn_profiles_reminder ON zn_profiles (reminder_minutes) WHERE reminder_minutes IS NOT NULL").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ZnoshkaProfile.schema).delete()
    }
}
