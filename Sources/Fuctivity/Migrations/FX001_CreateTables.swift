import Fluent
import FluentSQL
import Foundation
import Kernel
import SQLKit

/// Profiles (the week plan), categories with the built-in ones, activities and their
/// reminders. The CHECK constraints are the last word on the rules the services check:
/// an activity ends after it starts, a rating is 1 to 5, a reminder has one timing.
struct CreateTables: AsyncMigration {
    var name: String { "fuctivity.001.tables" }

    func prepare(on database: any Database) async throws {
        try await database.schema(FuctivityProfile.schema)
            .field("account_id", .uuid, .identifier(auto: false), .references(Account.schema, .id))
            .field("working_days", .string, .required)
            .field("work_hours", .int, .required)
            .field("work_starts", .int, .required)
            .field("rest_hours", .int, .required)
            .field("day_starts", .int, .required)
            .field("day_ends", .int, .required)
            .field("time_zone", .string, .required)
            .field("onboarded_at", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_fx_profiles_plan CHECK (work_hours BETWEEN 1 AND 16 AND rest_hours BETWEEN 1 AND 12 \
                AND day_starts < day_ends)
                """))
            .create()

        try await database.schema(RestCategory.schema)
            .id()
            .field("owner_id", .uuid, .references(Account.schema, .id))
            .field("slug", .string)
            .field("name", .string)
            .field("name_key", .string)
            .field("created_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_fx_categories_kind CHECK ((owner_id IS NULL AND slug IS NOT NULL) OR (owner_id IS NOT NULL AND name IS NOT NULL))
                """))
            .create()

        try await database.schema(RestActivity.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(Account.schema, .id))
            .field("category_id", .uuid, .required, .references(RestCategory.schema, .id))
            .field("description", .string, .required)
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("status", .string, .required)
            .field("rating", .int)
            .field("rating_note", .string)
            .field("deleted_at", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_fx_activities_rules CHECK (ends_at > starts_at AND (rating IS NULL OR rating BETWEEN 1 AND 5) \
                AND status IN ('planned', 'done', 'skipped'))
                """))
            .create()

        try await database.schema(Reminder.schema)
            .id()
            .field("activity_id", .uuid, .required, .references(RestActivity.schema, .id, onDelete: .cascade))
            .field("owner_id", .uuid, .required, .references(Account.schema, .id))
            .field("minutes_before", .int)
            .field("remind_at", .datetime)
            .field("fires_at", .datetime, .required)
            .field("pushed_at", .datetime)
            .constraint(.sql(unsafeRaw: """
                CONSTRAINT ck_fx_reminders_timing CHECK ((minutes_before IS NULL) <> (remind_at IS NULL))
                """))
            .create()

        let sql = database.sql
        // A person's calendar and statistics read their activities by time.
        try await sql.raw("CREATE INDEX ix_fx_activities_owner_start ON fx_activities (owner_id, starts_at)").run()
        try await sql.raw("CREATE INDEX ix_fx_reminders_activity ON fx_reminders (activity_id)").run()
        // The reminder pusher looks for reminders due and not yet pushed.
        try await sql.raw("CREATE INDEX ix_fx_reminders_due ON fx_reminders (fires_at) WHERE pushed_at IS NULL").run()
        try await sql.raw("CREATE INDEX ix_fx_categories_owner ON fx_categories (owner_id)").run()
        // Built-in categories once; a person's own names once each, case aside (`name_key` is
        // lower-cased in Swift: SQLite's lower() folds ASCII only).
        try await sql.raw("CREATE UNIQUE INDEX uq_fx_categories_slug ON fx_categories (slug) WHERE owner_id IS NULL").run()
        try await sql.raw("CREATE UNIQUE INDEX uq_fx_categories_owner_name ON fx_categories (owner_id, name_key) WHERE owner_id IS NOT NULL").run()

        // The columns of this migration, not the model's: the model grows with later migrations.
        let now = Date()
        for builtIn in BuiltInCategory.all {
            try await sql.insert(into: RestCategory.schema).columns("id", "slug", "created_at")
                .values(SQLBind(builtIn.uuid), SQLBind(builtIn.id), SQLBind(now)).run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [Reminder.schema, RestActivity.schema, RestCategory.schema, FuctivityProfile.schema] {
            try await database.schema(schema).delete()
        }
    }
}
