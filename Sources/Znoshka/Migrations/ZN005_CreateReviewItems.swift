import Fluent
import Foundation
import Kernel

/// «Робота над помилками»: a person's questions to review, once each, with their memory.
struct CreateReviewItems: AsyncMigration {
    var name: String { "znoshka.005.review_items" }

    func prepare(on database: any Database) async throws {
        try await database.schema(ReviewItem.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(Account.schema, .id))
            .field("question_id", .uuid, .required, .references(StoredQuestion.schema, .id))
            .field("stability", .double, .required)
            .field("difficulty", .double, .required)
            .field("last_review", .datetime, .required)
            .field("due", .datetime, .required)
            .field("reviews", .int, .required)
            .field("lapses", .int, .required)
            .unique(on: "owner_id", "question_id")
            .create()
        try await database.sql.raw("CREATE INDEX ix_zn_review_due ON zn_review_items (owner_id, due)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReviewItem.schema).delete()
    }
}
