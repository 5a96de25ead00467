import Fluent
import Foundation
import Kernel
import SQLKit

/// The bundled simulations' questions now name their programme topics (`SeedTests`). A
/// database seeded before has those questions without a topic: each is given the topic
/// its bundled question names (made when new), found by being the same question of the
/// same subject. A question an author has moved to a topic since keeps it.
struct TagSimulationTopics: AsyncMigration {
    var name: String { "znoshka.015.tag-simulation-topics" }

    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            let importer = ContentImporter(db: db, now: Date())
            for file in try SeedTests.files() {
                guard let test = try? TestFile.read(file.data), test.kind == .simulation,
                      let subject = try await importer.subjectID(test.subject) else { continue }
                // The columns this migration knows: a later one adds more (`template_id`).
                let untagged = try await StoredQuestion.query(on: db).filter(\.$subjectID == subject).filter(\.$topicID == nil)
                    .field(\.$id).field(\.$body).all()
                for (question, title) in test.entries {
                    guard let title else { continue }
                    let same = untagged.filter { $0.question == question }.map { $0.id! }
                    guard !same.isEmpty else { continue }
                    let topic = try await importer.topicID(subject: subject, title: title)
                    try await db.sql.update(StoredQuestion.schema).set("topic_id", to: SQLBind(topic)).where("id", .in, SQLBind.group(same)).run()
                }
            }
        }
    }

    /// The topics stay: statistics may already count answers under them.
    func revert(on database: any Database) async throws {}
}
