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

        @Test("numbers among a question's options are in ascending order, as the exam prints them")
        func numericOptionsAscend() throws {
            /// The value of an option that is a number (`12`, `$-2$`, `0,35`, `665 грн`, `40 %`), or nil.
            func number(_ option: String) -> Double? {
                var text = option.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("$") && text.hasSuffix("$") && text.count > 1 { text = String(text.dropFirst().dropLast()) }
                for unit in [" грн", " %", "\\degree"] where text.hasSuffix(unit) { text = String(text.dropLast(unit.count)) }
                return Double(text.replacingOccurrences(of: ",", with: "."))
            }
            var checked = 0
            for (name, data) in try SeedTests.files() {
                for (index, question) in try TestFile.read(data).questions.enumerated() {
                    guard case .singleChoice = question.kind else { continue }
                    let values = question.options.compactMap(number)
                    guard values.count == question.options.count else { continue }
                    checked += 1
                    #expect(values == values.sorted(), "\(name): question \(index + 1)")
                }
            }
            #expect(checked >= 8)
        }
    }
}
