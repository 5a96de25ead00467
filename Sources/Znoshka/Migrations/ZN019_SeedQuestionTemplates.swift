import Fluent
import Foundation
import Kernel

/// The first question templates Znoshka ships with (`Seed/templates`): topic tests whose
/// numbers are new on every start, and whose number questions also join the mathematics
/// simulation's draw.
struct SeedQuestionTemplates: AsyncMigration {
    var name: String { "znoshka.019.seed-question-templates" }

    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            let importer = ContentImporter(db: db, now: Date())
            for file in try SeedTests.files(in: "templates") {
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
