import Foundation
import Testing
@testable import Znoshka

/// The НМТ's scoring rules (spec A), one by one, and the 100–200 conversion.
@Suite("Znoshka")
struct ZnoshkaTests {
    @Suite("Scoring as the exam scores")
    struct ScoringTests {
        @Test("single choice: 1 for the right option of А–Г or А–Д, 0 otherwise; no answer is unanswered")
        func singleChoice() {
            for options in [4, 5] {
                let kind = QuestionKind.singleChoice(options: options), key = AnswerKey.option(2)
                #expect(Scoring.score(.option(2), key: key, kind: kind) == QuestionScore(points: 1, maxPoints: 1, verdict: .right))
                #expect(Scoring.score(.option(0), key: key, kind: kind) == QuestionScore(points: 0, maxPoints: 1, verdict: .wrong))
                #expect(Scoring.score(nil, key: key, kind: kind).verdict == .unanswered)
            }
        }

        @Test("matching: 1 per right pair, of 3 or 4 pairs from 5 options")
        func matching() {
            let kind = QuestionKind.matching(prompts: 4, options: 5), key = AnswerKey.pairs([3, 0, 4, 1])
            #expect(Scoring.score(.pairs([3, 0, 4, 1]), key: key, kind: kind).points == 4)
            #expect(Scoring.score(.pairs([3, 0, 2, 2]), key: key, kind: kind) == QuestionScore(points: 2, maxPoints: 4, verdict: .partly))
            #expect(Scoring.score(.pairs([3, nil, nil, 1]), key: key, kind: kind).points == 2, "pairs left empty score nothing")
            #expect(Scoring.score(.pairs([0, 1, 2, 3]), key: key, kind: kind).verdict == .wrong)
            let three = QuestionKind.matching(prompts: 3, options: 5)
            #expect(Scoring.score(.pairs([1, 2, 3]), key: .pairs([1, 2, 3]), kind: three) == QuestionScore(points: 3, maxPoints: 3, verdict: .right))
        }

        @Test("sequence of 4: 3 for the whole order, 2 for first and last, 1 for only one of them, else 0")
        func sequence() {
            let kind = QuestionKind.sequence(items: 4), key = AnswerKey.order([2, 0, 3, 1])
            func points(_ given: [Int?]) -> Int { Scoring.score(.order(given), key: key, kind: kind).points }
            #expect(points([2, 0, 3, 1]) == 3)
            #expect(points([2, 3, 0, 1]) == 2, "first and last right, the middle swapped")
            #expect(points([2, 1, 0, 3]) == 1, "only the first")
            #expect(points([0, 2, 3, 1]) == 1, "only the last")
            #expect(points([0, 2, 1, 3]) == 0)
            #expect(points([2, nil, nil, 1]) == 2, "the middle left empty")
            #expect(points([1, 0, 3, 2]) == 0, "the middle right is worth nothing alone")
        }

        @Test("choose 3 of 7: 1 per right choice; more marks than the sheet has score nothing")
        func chooseThree() {
            let kind = QuestionKind.chooseThree(options: 7), key = AnswerKey.options([1, 4, 6])
            #expect(Scoring.score(.options([1, 4, 6]), key: key, kind: kind) == QuestionScore(points: 3, maxPoints: 3, verdict: .right))
            #expect(Scoring.score(.options([1, 4, 5]), key: key, kind: kind).points == 2)
            #expect(Scoring.score(.options([6]), key: key, kind: kind) == QuestionScore(points: 1, maxPoints: 3, verdict: .partly))
            #expect(Scoring.score(.options([0, 2, 3]), key: key, kind: kind).points == 0)
            #expect(Scoring.score(.options([1, 4, 6, 0]), key: key, kind: kind).points == 0)
        }

        @Test("short answer: 2 or 0; a decimal comma or point; exactly, or within the stated tolerance")
        func shortNumeric() {
            let exact = AnswerKey.number(Decimal(string: "2.5")!, tolerance: 0)
            for typed in ["2,5", "2.5", " 2,50 ", "2.500"] {
                #expect(Scoring.score(.number(typed), key: exact, kind: .shortNumeric) == QuestionScore(points: 2, maxPoints: 2, verdict: .right), "\(typed)")
            }
            for typed in ["2,4", "25", "2,5 см", "5/2", "", "2.5e0", "--2.5"] {
                #expect(Scoring.score(.number(typed), key: exact, kind: .shortNumeric).points == 0, "\(typed)")
            }
            // 0.1 + 0.2 is 0.3 here: answers are decimals, never binary floating point.
            #expect(Scoring.score(.number("0,3"), key: .number(Decimal(string: "0.3")!, tolerance: 0), kind: .shortNumeric).points == 2)
            let rounded = AnswerKey.number(Decimal(string: "1.41")!, tolerance: Decimal(string: "0.01")!)
            #expect(Scoring.score(.number("1,42"), key: rounded, kind: .shortNumeric).points == 2)
            #expect(Scoring.score(.number("1,4"), key: rounded, kind: .shortNumeric).points == 2)
            #expect(Scoring.score(.number("1,43"), key: rounded, kind: .shortNumeric).points == 0)
            #expect(Scoring.score(.number("-3"), key: .number(-3, tolerance: 0), kind: .shortNumeric).points == 2)
        }

        @Test("short answer as the task prints it: thousands spaced, a typographic minus")
        func printedNumbers() {
            let salary = AnswerKey.number(12_100, tolerance: 0)
            // A space, a no-break space, a narrow no-break space and a thin space between thousands.
            for typed in ["12 100", "12\u{00A0}100", "12\u{202F}100", "12\u{2009}100", "12100", " 12 100,0 "] {
                #expect(Scoring.score(.number(typed), key: salary, kind: .shortNumeric).points == 2, "\(typed)")
            }
            #expect(NumericAnswer.parse("1 234 567,5") == Decimal(string: "1234567.5"))
            #expect(NumericAnswer.parse("\u{2212}7") == -7)
            #expect(NumericAnswer.parse("\u{2212}12 100") == -12_100)
            // A space that is not between thousands is a typing slip, not a number.
            for typed in ["1 21", "12  100", "1 2100", "12 100 0", "12 1000", "- 7", "0,12 5", "\u{2212}\u{2212}7", "—7"] {
                #expect(NumericAnswer.parse(typed) == nil, "\(typed)")
            }
        }

        @Test("an answer of another kind's shape scores nothing")
        func mismatchedShapes() {
            #expect(Scoring.score(.options([2]), key: .option(2), kind: .singleChoice(options: 4)).points == 0)
            #expect(Scoring.score(.order([0, 1, 2, 3]), key: .pairs([0, 1, 2, 3]), kind: .matching(prompts: 4, options: 5)).points == 0)
        }
    }

    @Suite("The 100–200 scale")
    struct ScaleTests {
        @Test("below the threshold is not passed; the threshold is 100, the maximum 200, every point counts")
        func estimated() {
            for (threshold, maxRaw) in [(7, 45), (5, 32), (8, 54)] {
                let table = ConversionTable.estimated(threshold: threshold, maxRaw: maxRaw)
                #expect(table.convert(threshold - 1) == .notPassed && table.convert(0) == .notPassed)
                #expect(table.convert(threshold) == .passed(100) && table.convert(maxRaw) == .passed(200))
                #expect(zip(table.scores, table.scores.dropFirst()).allSatisfy { $0 < $1 })
                #expect(!table.isOfficial)
                // Steeper near the threshold, as the published rows are.
                #expect(table.scores[1] - table.scores[0] > table.scores[table.scores.count - 1] - table.scores[table.scores.count - 2])
            }
        }

        @Test("a table that is not 100 to 200, rising, one score per raw point, is refused")
        func refused() {
            #expect(ConversionTable(threshold: 2, maxRaw: 4, scores: [100, 150, 200], isOfficial: true) != nil)
            #expect(ConversionTable(threshold: 2, maxRaw: 4, scores: [100, 200], isOfficial: true) == nil)
            #expect(ConversionTable(threshold: 2, maxRaw: 4, scores: [100, 100, 200], isOfficial: true) == nil)
            #expect(ConversionTable(threshold: 2, maxRaw: 4, scores: [90, 150, 200], isOfficial: true) == nil)
            #expect(ConversionTable(threshold: 0, maxRaw: 4, scores: [100, 120, 150, 180, 200], isOfficial: true) == nil)
        }
    }
}
