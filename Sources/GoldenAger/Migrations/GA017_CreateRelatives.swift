import Fluent
import SQLKit

/// Relatives (the seed's survey was answered mostly by young relatives): the links
/// between a relative and the pensioners they help, the pensioners' linking codes, and
/// who ordered each task (`HelpTask.orderedBy`).
struct CreateRelatives: AsyncMigration {
    var name: String { "golden-ager.017.relatives" }

    func prepare(on database: any Database) async throws {
        try await database.schema(RelativeLink.schema)
            .id()
            .field("pensioner_id", .uuid, .required, .references("ga_profiles", "account_id", onDelete: .cascade))
            .field("relative_id", .uuid, .required, .references("ga_profiles", "account_id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "pensioner_id", "relative_id", name: "uq_ga_relative_links_pair")
            .create()
        try await database.sql.raw("CREATE INDEX ix_ga_relative_links_relative ON ga_relative_links (relative_id)").run()
        try await database.schema(RelativeCode.schema)
            .field("pensioner_id", .uuid, .identifier(auto: false), .references("ga_profiles", "account_id", onDelete: .cascade))
            .field("code_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("failed_attempts", .int, .required)
            .create()
        try await database.schema(HelpTask.schema).field("ordered_by", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(HelpTask.schema).deleteField("ordered_by").update()
        try await database.schema(RelativeCode.schema).delete()
        try await database.schema(RelativeLink.schema).delete()
    }
}
