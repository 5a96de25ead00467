import Fluent
import Foundation
import Kernel
import SQLKit

/// Subjects, their topics and theory pages. A subject's slug and a topic's title within
/// its subject are unique: imports find them by these.
struct CreateContent: AsyncMigration {
    var name: String { "znoshka.002.content" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Subject.schema)
            .id()
            .field("slug", .string, .required)
            .field("name_uk", .string, .required)
            .field("name_en", .string, .required)
            .field("position", .int, .required)
            .unique(on: "slug")
            .create()
        try await database.schema(Topic.schema)
            .id()
            .field("subject_id", .uuid, .required, .references(Subject.schema, .id))
            .field("title", .string, .required)
            .field("position", .int, .required)
            .unique(on: "subject_id", "title")
            .create()
        try await database.schema(TheoryPage.schema)
            .id()
            .field("topic_id", .uuid, .required, .references(Topic.schema, .id, onDelete: .cascade))
            .field("title", .string, .required)
            .field("markdown", .string, .required)
            .field("html", .string, .required)
            .field("position", .int, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX ix_zn_theory_topic ON zn_theory_pages (topic_id, position)").run()
        // The three compulsory subjects; ids are fixed so every installation agrees.
        for (position, subject) in SubjectCatalog.compulsory.enumerated() {
            try await database.sql.insert(into: Subject.schema).columns("id", "slug", "name_uk", "name_en", "position")
                .values(SQLBind(subject.id), SQLBind(subject.slug), SQLBind(subject.nameUK), SQLBind(subject.nameEN), SQLBind(position)).run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [TheoryPage.schema, Topic.schema, Subject.schema] { try await database.schema(schema).delete() }
    }
}
