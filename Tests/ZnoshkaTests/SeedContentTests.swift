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

        @Test("each compulsory subject has a full НМТ simulation and two topic tests, each on a topic with theory")
        func coverage() throws {
            let tests = try SeedTests.files().compactMap { try? TestFile.read($0.data) }
            for subject in TestFile.subjects {
                #expect(tests.contains { $0.subject == subject && $0.kind == .simulation }, "\(subject) simulation")
                let topics = tests.filter { $0.subject == subject && $0.kind == .topic }.compactMap(\.topic)
                #expect(topics.count >= 2, "\(subject) topic tests")
                let theory = try SeedTheory.pages().filter { $0.subject == subject }.map(\.title)
                #expect(topics.allSatisfy(theory.contains), "\(subject): every topic test's topic has its theory page")
            }
        }
    }
}
