import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// Drawing fresh papers from a bank: exact counts of each kind, unseen questions first,
    /// topics spread.
    @Suite("Drawing papers")
    struct PaperDrawTests {
        /// Repeatable draws, so a failing one can be run again as it was.
        typealias SplitMix = PaperDraw.Generator

        static let history = PaperDraw.shape(of: Blueprint.history.parts.flatMap { Array(repeating: $0.kind, count: $0.count) })

        /// A bank of `perKind` questions of each of `kinds`, over `topics` topics in turn.
        static func bank(_ kinds: [QuestionKind], perKind: Int, topics: [UUID?]) -> [PaperDraw.Entry] {
            kinds.flatMap { kind in
                (0..<perKind).map { PaperDraw.Entry(id: UUID(), kind: kind, topicID: topics[$0 % topics.count]) }
            }
        }

        @Test("a paper's shape is the runs of one kind, in order")
        func shape() {
            #expect(Self.history.map(\.count) == [20, 4, 3, 3])
            #expect(Self.history.map(\.kind) == Blueprint.history.parts.map(\.kind))
            let mixed = PaperDraw.shape(of: [.shortNumeric, .singleChoice(options: 5), .singleChoice(options: 5), .shortNumeric])
            #expect(mixed.map(\.count) == [1, 2, 1])
        }

        @Test("every paper has exactly the blueprint's count of each kind, in its order, each question once")
        func exactCounts() throws {
            var generator = SplitMix(seed: 7)
            for round in 0..<200 {
                let extra = Int(generator.next() % 40)
                let bank = Self.bank(Self.history.map(\.kind), perKind: 20 + extra, topics: [UUID(), UUID(), UUID(), nil])
                let paper = try #require(PaperDraw.draw(Self.history, from: bank, seen: [:], using: &generator), "round \(round)")
                let kindOf = Dictionary(uniqueKeysWithValues: bank.map { ($0.id, $0.kind) })
                #expect(PaperDraw.shape(of: paper.compactMap { kindOf[$0] }).map(\.count) == [20, 4, 3, 3], "round \(round)")
                #expect(Set(paper).count == paper.count, "round \(round)")
            }
        }

        @Test("a kind that comes back in a later part never asks a question twice; a bank with no spare fills it exactly")
        func kindInTwoParts() throws {
            var generator = SplitMix(seed: 9)
            let shape = PaperDraw.shape(of: [.singleChoice(options: 5), .singleChoice(options: 5), .shortNumeric, .singleChoice(options: 5)])
            #expect(shape.map(\.count) == [2, 1, 1])
            let bank = Self.bank([.singleChoice(options: 5), .shortNumeric], perKind: 3, topics: [nil])
            for _ in 0..<50 {
                let paper = try #require(PaperDraw.draw(shape, from: bank, seen: [:], using: &generator))
                #expect(Set(paper).count == 4)
            }
        }

        @Test("too few questions of one kind: no paper, rather than one of another shape")
        func tooFew() {
            var generator = SplitMix(seed: 1)
            var bank = Self.bank(Self.history.map(\.kind), perKind: 30, topics: [nil])
            bank.removeAll { $0.kind == .chooseThree(options: 7) }
            bank += Self.bank([.chooseThree(options: 7)], perKind: 2, topics: [nil])
            #expect(PaperDraw.draw(Self.history, from: bank, seen: [:], using: &generator) == nil)
        }

        @Test("questions not met yet come first; then those met longest ago")
        func unseenFirst() throws {
            var generator = SplitMix(seed: 3)
            let shape: PaperDraw.Shape = [(.singleChoice(options: 4), 10)]
            let bank = Self.bank([.singleChoice(options: 4)], perKind: 25, topics: [UUID(), UUID()])
            let monday = Date(timeIntervalSince1970: 1_790_000_000)
            // 18 met: 10 on Monday, 8 a day later; 7 never.
            var seen: [UUID: Date] = [:]
            for (index, entry) in bank.prefix(18).enumerated() { seen[entry.id] = index < 10 ? monday : monday.addingTimeInterval(86_400) }
            for _ in 0..<50 {
                let paper = try #require(PaperDraw.draw(shape, from: bank, seen: seen, using: &generator))
                #expect(Set(paper).isSuperset(of: bank.suffix(7).map(\.id)), "all seven unmet")
                #expect(paper.allSatisfy { seen[$0] != monday.addingTimeInterval(86_400) }, "then Monday's, not Tuesday's")
            }
        }

        @Test("a part spreads over the topics as evenly as the bank allows, and so does the paper")
        func topicSpread() throws {
            var generator = SplitMix(seed: 11)
            let topics = (0..<5).map { _ in UUID() }
            for _ in 0..<100 {
                let bank = Self.bank(Self.history.map(\.kind), perKind: 40, topics: topics)
                let paper = try #require(PaperDraw.draw(Self.history, from: bank, seen: [:], using: &generator))
                let topicOf = Dictionary(uniqueKeysWithValues: bank.map { ($0.id, $0.topicID) })
                let counts = Dictionary(grouping: paper, by: { topicOf[$0]! }).mapValues(\.count)
                #expect(counts.count == 5 && counts.values.max()! - counts.values.min()! <= 1, "\(counts.values.sorted())")
            }
        }

        @Test("a blueprint's spread gives each topic its tasks; the topics it leaves out share the rest evenly")
        func weightedSpread() throws {
            var generator = SplitMix(seed: 13)
            let (algebra, geometry, numbers, functions) = (UUID(), UUID(), UUID(), UUID())
            let spread = PaperDraw.Spread(tasks: [algebra: 12, geometry: 6, numbers: 0])
            for _ in 0..<100 {
                let bank = PaperDraw.Bank(Self.bank(Self.history.map(\.kind), perKind: 40, topics: [algebra, geometry, numbers, functions, nil]),
                                          spread: spread)
                let paper = try #require(PaperDraw.draw(Self.history, from: bank, seen: [:], using: &generator))
                let topicOf = Dictionary(uniqueKeysWithValues: bank.entries.map { ($0.id, $0.topicID) })
                let counts = Dictionary(grouping: paper, by: { topicOf[$0]! }).mapValues(\.count)
                // 30 tasks: 12 and 6 set, none of `numbers`, the other 12 shared by `functions` and the topic-less.
                #expect(counts[algebra] == 12 && counts[geometry] == 6 && counts[numbers] == nil, "\(counts)")
                #expect(counts[functions] == 6 && counts[nil] == 6, "\(counts)")
            }
        }

        @Test("a topic set to nothing is asked only when no other question of the kind is left; a topic the bank lacks leaves its tasks to the rest")
        func spreadBoundedByTheBank() throws {
            var generator = SplitMix(seed: 17)
            let (rare, common, none) = (UUID(), UUID(), UUID())
            let shape: PaperDraw.Shape = [(.singleChoice(options: 4), 10)]
            // `rare` wants 8 tasks but has 3 questions; `none` weighs nothing and fills the last place.
            let entries = (0..<3).map { _ in PaperDraw.Entry(id: UUID(), kind: .singleChoice(options: 4), topicID: rare) }
                + (0..<6).map { _ in PaperDraw.Entry(id: UUID(), kind: .singleChoice(options: 4), topicID: common) }
                + (0..<5).map { _ in PaperDraw.Entry(id: UUID(), kind: .singleChoice(options: 4), topicID: none) }
            let bank = PaperDraw.Bank(entries, spread: PaperDraw.Spread(tasks: [rare: 8, none: 0]))
            for _ in 0..<50 {
                let paper = try #require(PaperDraw.draw(shape, from: bank, seen: [:], using: &generator))
                let topicOf = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.topicID) })
                let counts = Dictionary(grouping: paper, by: { topicOf[$0]! }).mapValues(\.count)
                #expect(counts[rare] == 3 && counts[common] == 6 && counts[none] == 1, "\(counts)")
            }
        }

        @Test("with no numbers set every topic weighs the same")
        func evenWeights() {
            let topics: Set<UUID?> = [UUID(), UUID(), nil]
            #expect(PaperDraw.Spread.even.weights(of: topics, taskCount: 30).values.allSatisfy { $0 == 1 })
            let one = topics.compactMap { $0 }.first!
            let weights = PaperDraw.Spread(tasks: [one: 10]).weights(of: topics, taskCount: 30)
            #expect(weights[one] == 10 && weights.filter { $0.key != one }.values.allSatisfy { $0 == 10 })
        }

        @Test("two papers in a row from a bank of twice the paper share nothing; from the seed's size, at most half")
        func freshPapers() throws {
            var generator = SplitMix(seed: 5)
            let shape: PaperDraw.Shape = [(.singleChoice(options: 4), 10), (.singleChoice(options: 5), 15), (.matching(prompts: 4, options: 5), 5)]
            let large = shape.flatMap { part in (0..<(part.count * 2)).map { _ in PaperDraw.Entry(id: UUID(), kind: part.kind, topicID: nil) } }
            let first = try #require(PaperDraw.draw(shape, from: large, seen: [:], using: &generator))
            let met = Dictionary(uniqueKeysWithValues: first.map { ($0, Date()) })
            let second = try #require(PaperDraw.draw(shape, from: large, seen: met, using: &generator))
            #expect(Set(first).isDisjoint(with: second))
            // The seeded Ukrainian bank: 16 А–Г, 22 А–Д and 9 matching questions.
            let seedSized = [(QuestionKind.singleChoice(options: 4), 16), (.singleChoice(options: 5), 22), (.matching(prompts: 4, options: 5), 9)]
                .flatMap { kind, count in (0..<count).map { _ in PaperDraw.Entry(id: UUID(), kind: kind, topicID: nil) } }
            let one = try #require(PaperDraw.draw(shape, from: seedSized, seen: [:], using: &generator))
            let two = try #require(PaperDraw.draw(shape, from: seedSized, seen: Dictionary(uniqueKeysWithValues: one.map { ($0, Date()) }), using: &generator))
            #expect(Set(one).intersection(two).count <= 15)
        }
    }
}
