import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// What makes authored content askable, and the shape of each subject's paper.
    @Suite("Questions and papers")
    struct QuestionTests {
        static let single = Question(kind: .singleChoice(options: 4), text: "Яке слово пишеться з апострофом?",
                                     options: ["м'ясо", "цвях", "свято", "дзвякнути"], key: .option(0),
                                     explanation: "Апостроф пишемо після губного перед я, ю, є, ї: **м'ясо**.")

        @Test("a well-formed question of each kind has no problems")
        func wellFormed() {
            let matching = Question(kind: .matching(prompts: 3, options: 5), text: "Установіть відповідність.", options: ["1", "2", "3", "4", "5"],
                                    prompts: ["$2^0$", "$\\sqrt{4}$", "$3!$"], key: .pairs([0, 1, 4]), explanation: "Обчисліть кожен вираз.")
            let sequence = Question(kind: .sequence(items: 4), text: "Розташуйте в хронологічній послідовності.",
                                    prompts: ["Хрещення Русі", "Люблінська унія", "Переяславська рада", "Акт злуки"],
                                    key: .order([0, 1, 2, 3]), explanation: "988, 1569, 1654, 1919.")
            let three = Question(kind: .chooseThree(options: 7), text: "Оберіть три.", options: (1...7).map { "Варіант \($0)" },
                                 key: .options([0, 3, 6]), explanation: "Так.")
            let number = Question(kind: .shortNumeric, text: "Обчисліть $\\frac{5}{2}$.", key: .number(2.5, tolerance: 0), explanation: "$5 : 2 = 2,5$.")
            for question in [Self.single, matching, sequence, three, number] {
                #expect(question.problems().isEmpty, "\(question.kind): \(question.problems())")
            }
        }

        @Test("each problem is named by its field: missing texts, wrong counts, keys out of range, broken formulas, mismatched shapes")
        func problems() {
            func fields(_ change: (inout Question) -> Void) -> [String] {
                var question = Self.single
                change(&question)
                return question.problems().map(\.description)
            }
            #expect(fields { $0.explanation = "  " } == ["explanation: missing"])
            #expect(fields { $0.options[2] = "" } == ["options[2]: missing"])
            #expect(fields { $0.options.removeLast() } == ["options: count (4)"])
            #expect(fields { $0.key = .option(4) } == ["key: outOfRange"])
            #expect(fields { $0.text = "Скільки $\\foo$?" } == ["text: formula (\\foo)"])
            #expect(fields { $0.key = .pairs([0, 1, 2, 3]) } == ["key: shape (the answer does not fit the kind of question)"])
            var matching = Question(kind: .matching(prompts: 4, options: 5), text: "?", options: ["а", "б", "в", "г", "д"],
                                    prompts: ["1", "2", "3", "4"], key: .pairs([0, 1, 1, 5]), explanation: "!")
            #expect(matching.problems().map(\.description) == ["key: outOfRange", "key: repeated"])
            matching.key = .pairs([0, 1, 2])
            #expect(matching.problems().map(\.description) == ["key: outOfRange"])
            let three = Question(kind: .chooseThree(options: 7), text: "?", options: (1...7).map(String.init), key: .options([0, 1]), explanation: "!")
            #expect(three.problems().map(\.description) == ["key: outOfRange"])
            let sequence = Question(kind: .sequence(items: 4), text: "?", prompts: ["а", "б", "в", "г"], key: .order([0, 1, 1, 3]), explanation: "!")
            #expect(sequence.problems().map(\.description) == ["key: outOfRange"])
        }

        @Test("the papers: 30, 22 and 30 tasks worth 45, 32 and 54; a simulation of another shape is named task by task")
        func blueprints() {
            #expect(Blueprint.all.map(\.taskCount) == [30, 22, 30])
            #expect(Blueprint.all.map(\.maxRaw) == [45, 32, 54])
            #expect(Blueprint.all.map(\.threshold) == [7, 5, 8])
            let paper = Blueprint.mathematics.parts.flatMap { Array(repeating: $0.kind, count: $0.count) }
            #expect(Blueprint.mathematics.problems(paper).isEmpty)
            var swapped = paper
            swapped.swapAt(0, 21)
            #expect(Blueprint.mathematics.problems(swapped).map(\.field) == ["questions[0]", "questions[21]"])
            #expect(Blueprint.mathematics.problems(Array(paper.dropLast())).map(\.description) == ["questions: structure (22 tasks, not 21)"])
        }
    }
}
