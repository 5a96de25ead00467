import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    @Suite("Predicted score")
    struct ScorePredictionTests {
        let table = ConversionTable.estimated(threshold: 5, maxRaw: 32)

        @Test("one paper: its score with the binomial 90 % interval of a paper of that many points; none before a paper")
        func onePaper() throws {
            #expect(ScorePrediction.predict(rawScores: [], table: table) == nil)
            // 20 of 32: share 0.625, 1.645 · √(32 · 0.625 · 0.375) = 4.51 → raw 15 to 25.
            let one = try #require(ScorePrediction.predict(rawScores: [20], table: table))
            #expect(one.attempts == 1 && one.expected == table.convert(20))
            #expect(one.low == table.convert(15) && one.high == table.convert(25))
            // All right still leaves a point of chance.
            let full = try #require(ScorePrediction.predict(rawScores: [32], table: table))
            #expect(full.low == table.convert(31) && full.high == table.convert(32))
        }

        @Test("two attempts or more: the mean's score with a 90 % interval that narrows as scores agree")
        func prediction() throws {
            let steady = try #require(ScorePrediction.predict(rawScores: [20, 20, 20], table: table))
            #expect(steady.expected == table.convert(20) && steady.low == steady.expected && steady.high == steady.expected)
            let spread = try #require(ScorePrediction.predict(rawScores: [24, 16, 20], table: table))
            guard case .passed(let low) = spread.low, case .passed(let mid) = spread.expected, case .passed(let high) = spread.high else {
                Issue.record("\(spread)"); return
            }
            #expect(low < mid && mid < high && mid == { if case .passed(let s) = table.convert(20) { s } else { 0 } }())
            // Mean 20, s = 4, n = 3: 20 ± 2.920 · 4 / √3 = 20 ± 6.74 → raw 13 to 27.
            #expect(spread.low == table.convert(13) && spread.high == table.convert(27))
            #expect(ScorePrediction.predict(rawScores: [30, 10, 20, 25, 15, 0, 0], table: table)?.attempts == 5, "the five newest count")
        }

        @Test("the topic map moves the expected score towards its share and narrows one paper's interval, by how much it rests on")
        func topicMap() throws {
            // Mastery 0.9 on topics making up half the paper, from 30 answers: worth half a paper scoring 0.9 · 32 = 28.8.
            let map = try #require(ScorePrediction.MapEstimate.from([(0.9, 20, 5), (0.9, 10, 5), (0, 0, 10)]))
            #expect(abs(map.share - 0.9) < 1e-9 && abs(map.weight - 0.5) < 1e-9)
            let both = try #require(ScorePrediction.predict(rawScores: [20], table: table, map: map))
            // (20 + 28.8 · 0.5) / 1.5 = 22.93 → 23; share 0.717: 1.645 · √(32 · 0.717 · 0.283 / 1.5) = 3.42 → raw 20 to 26.
            #expect(both.usesTopicMap && both.expected == table.convert(23))
            #expect(both.low == table.convert(20) && both.high == table.convert(26))
            let alone = try #require(ScorePrediction.predict(rawScores: [20], table: table))
            #expect(!alone.usesTopicMap && alone.low == table.convert(15), "the paper alone: its wider interval")
            // Few answers count little; nothing answered is no estimate.
            let thin = try #require(ScorePrediction.MapEstimate.from([(1, 3, 10)]))
            #expect(abs(thin.weight - 0.1) < 1e-9)
            #expect(ScorePrediction.MapEstimate.from([(0.5, 0, 10)]) == nil)
            #expect(ScorePrediction.predict(rawScores: [], table: table, map: map) == nil, "the map alone predicts nothing: a paper's format counts")
        }

        @Test("near the threshold the interval reaches «not passed»; it never leaves the table")
        func edges() throws {
            let weak = try #require(ScorePrediction.predict(rawScores: [2, 9, 6], table: table))
            #expect(weak.low == .notPassed && weak.expected == table.convert(6))
            let strong = try #require(ScorePrediction.predict(rawScores: [32, 26], table: table))
            #expect(strong.high == .passed(200))
        }
    }
}
