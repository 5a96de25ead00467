import Fluent
import Foundation
import Kernel

/// The content Znoshka ships with (`Seed/`): five topics of theory per compulsory subject,
/// an НМТ simulation and topic tests for each. Every installation has it, so it is a
/// migration rather than demo data. Topic tests name their topic by title; theory pages
/// make the topics first, in their order.
struct SeedContent: AsyncMigration {
    var name: String { "znoshka.006.seed_content" }

    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            let importer = ContentImporter(db: db, now: Date())
            for page in try SeedTheory.pages() {
                try await importer.importTheory(subject: page.subject, topic: page.title, pageTitle: page.title, markdown: page.markdown)
            }
            for file in try SeedTests.files() {
                do {
                    _ = try await importer.importTest(try TestFile.read(file.data))
                } catch let invalid as TestFile.Invalid {
                    throw ConfigurationError("Seed test \(file.name): \(invalid.problems.map(\.description).joined(separator: "; "))")
                }
            }
        }
    }

    func revert(on database: any Database) async throws {}
}
