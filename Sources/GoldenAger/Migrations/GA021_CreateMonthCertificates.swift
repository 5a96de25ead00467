import Fluent

/// A volunteer's month of hours as others can check it: the code a certificate prints
/// (`/golden-ager/verify/{code}`), and when the volunteer was told the month's hours.
struct CreateMonthCertificates: AsyncMigration {
    var name: String { "golden-ager.021.month-certificates" }

    func prepare(on database: any Database) async throws {
        try await database.schema(MonthCertificate.schema)
            .id()
            .field("volunteer_id", .uuid, .required, .references("ga_profiles", "account_id", onDelete: .cascade))
            .field("month", .string, .required)
            .field("code", .string, .required)
            .field("notified_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "volunteer_id", "month", name: "uq_ga_month_certificates_month")
            .unique(on: "code", name: "uq_ga_month_certificates_code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MonthCertificate.schema).delete()
    }
}
