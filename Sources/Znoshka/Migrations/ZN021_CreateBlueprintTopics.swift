import Fluent
import SQLKit

/// The topic spread of each subject's blueprint, which authors edit: how many tasks of a
/// drawn simulation each topic should have. The paper's parts stay the exam's
/// (`Blueprint`); a subject without rows spreads its papers evenly, as before.
struct CreateBlueprintTopics: AsyncMigration {
    var name: String { "znoshka.021.blueprint-topics" }

    func prepare(on database: any Database) async throws {
        try await database.schema(BlueprintTopic.schema)
            .field("topic_id", .uuid, .identifier(auto: false), .references(Topic.schema, .id, onDelete: .cascade))
            .field("subject_id", .uuid, .required, .references(Subject.schema, .id))
            .field("tasks", .int, .required)
            .field("updated_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_zn_blueprint_topics_tasks CHECK (tasks BETWEEN 0 AND 100)"))
            .create()
        try await database.sql.raw("CREATE INDEX ix_zn_blueprint_topics_subject ON zn_blueprint_topics (subject_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BlueprintTopic.schema).delete()
    }
}
