import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// The content Znoshka ships with is askable as it stands.
    @Suite("Seed content")
    struct SeedContentTests {
        @Test("every bundled test reads without a problem: well-formed questions, explanations in Ukrainian, formulas in the subset")
        func everyFileReads() throws {
            let files = try SeedTests.files()
            #expect(files.count >= 6)
            for (name, data) in files {
                do {
                    let test = try TestFile.read(data)
                    #expect(test.questions.allSatisfy { $0.explanation.contains(where: { "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя".contains($0) }) },
                            "\(name): every explanation is in Ukrainian")
                } catch {
                    Issue.record("\(name): \(error.problems.map(\.description))")
                }
            }
        }

        @Test("each compulsory subject has a full НМТ simulation and a topic test")
        func coverage() throws {
            let tests = try SeedTests.files().compactMap { try? TestFile.read($0.data) }
            for subject in TestFile.subjects {
                #expect(tests.contains { $0.subject == subject && $0.kind == .simulation }, "\(subject) simulation")
                #expect(tests.contains { $0.subject == subject && $0.kind == .topic }, "\(subject) topic test")
            }
        }
    }
}
