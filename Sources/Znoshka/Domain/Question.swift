import Foundation

/// A question as authored: what is asked, its options (or prompts and options, or items),
/// the right answer and the explanation shown in review. Texts are Markdown with formulas
/// (`TheoryMarkdown`); Ukrainian is required, English optional.
public struct Question: Sendable, Hashable, Codable {
    public var kind: QuestionKind
    public var text: String
    /// Single choice and choose-three: the options (А, Б, В…); matching: the right column.
    public var options: [String]
    /// Matching: the left column (1, 2, 3, 4). Sequence: the items to order.
    public var prompts: [String]
    public var key: AnswerKey
    public var explanation: String
    public var picture: String?
    /// Set on a template: what its variants are drawn from (`QuestionTemplate`). Students
    /// only ever meet variants.
    public var template: QuestionTemplate?

    public init(kind: QuestionKind, text: String, options: [String] = [], prompts: [String] = [], key: AnswerKey,
                explanation: String, picture: String? = nil, template: QuestionTemplate? = nil) {
        self.kind = kind
        self.text = text
        self.options = options
        self.prompts = prompts
        self.key = key
        self.explanation = explanation
        self.picture = picture
        self.template = template
    }

    /// What is wrong with the question, each naming its field, so an author (or an import)
    /// is told exactly what to fix; empty when it can be asked.
    public func problems() -> [ContentProblem] {
        // A template's texts hold placeholders: what must hold is checked on its variants.
        if let template { return templateProblems(template) }
        var problems: [ContentProblem] = []
        func add(_ field: String, _ code: ContentProblem.Code, _ detail: String = "") { problems.append(ContentProblem(field: field, code: code, detail: detail)) }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { add("text", .missing) }
        if explanation.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { add("explanation", .missing) }
        for (index, option) in options.enumerated() where option.trimmingCharacters(in: .whitespaces).isEmpty { add("options[\(index)]", .missing) }
        for (index, prompt) in prompts.enumerated() where prompt.trimmingCharacters(in: .whitespaces).isEmpty { add("prompts[\(index)]", .missing) }
        let texts = [("text", text), ("explanation", explanation)] + options.enumerated().map { ("options[\($0.offset)]", $0.element) }
            + prompts.enumerated().map { ("prompts[\($0.offset)]", $0.element) }
        for (field, markdown) in texts {
            for failure in TheoryMarkdown.render(markdown).formulaErrors { add(field, .formula, failure.detail) }
        }
        switch (kind, key) {
        case (.singleChoice(let count), .option(let right)):
            if count != 4 && count != 5 { add("kind", .shape, "single choice has 4 or 5 options") }
            if options.count != count { add("options", .count, "\(count)") }
            if !(0..<count).contains(right) { add("key", .outOfRange) }
        case (.matching(let promptCount, let optionCount), .pairs(let pairs)):
            if !(3...4).contains(promptCount) || optionCount != 5 { add("kind", .shape, "matching has 3 or 4 prompts and 5 options") }
            if prompts.count != promptCount { add("prompts", .count, "\(promptCount)") }
            if options.count != optionCount { add("options", .count, "\(optionCount)") }
            if pairs.count != promptCount || pairs.contains(where: { !(0..<optionCount).contains($0) }) { add("key", .outOfRange) }
            if Set(pairs).count != pairs.count { add("key", .repeated) }
        case (.sequence(let count), .order(let order)):
            if count != 4 { add("kind", .shape, "a sequence has 4 items") }
            if prompts.count != count { add("prompts", .count, "\(count)") }
            if order.sorted() != Array(0..<count) { add("key", .outOfRange) }
        case (.chooseThree(let count), .options(let right)):
            if count != 7 { add("kind", .shape, "choose three has 7 options") }
            if options.count != count { add("options", .count, "\(count)") }
            if right.count != 3 || right.contains(where: { !(0..<count).contains($0) }) { add("key", .outOfRange) }
        case (.shortNumeric, .number(_, let tolerance)):
            if tolerance < 0 { add("key", .outOfRange) }
            if !options.isEmpty || !prompts.isEmpty { add("options", .count, "0") }
        default:
            add("key", .shape, "the answer does not fit the kind of question")
        }
        return problems
    }
}

/// One thing wrong with authored content: the field (`options[2]`, `key`), what, and a detail.
public struct ContentProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable { case missing, count, outOfRange, repeated, shape, formula, structure }
    public let field: String
    public let code: Code
    public let detail: String

    public var description: String { "\(field): \(code.rawValue)\(detail.isEmpty ? "" : " (\(detail))")" }
}

/// The shape of each subject's НМТ paper (spec A's table): how many tasks of each kind, in
/// order. A simulation test must have exactly this shape.
public struct Blueprint: Sendable {
    public let subject: String
    public let parts: [(kind: QuestionKind, count: Int)]

    public var taskCount: Int { parts.map(\.count).reduce(0, +) }
    public var maxRaw: Int { parts.map { $0.kind.maxPoints * $0.count }.reduce(0, +) }
    /// The official pass threshold of 2024–2025, in raw points.
    public let threshold: Int

    public static let ukrainian = Blueprint(subject: "ukrainian", parts: [
        (.singleChoice(options: 4), 10), (.singleChoice(options: 5), 15), (.matching(prompts: 4, options: 5), 5),
    ], threshold: 7)
    public static let mathematics = Blueprint(subject: "mathematics", parts: [
        (.singleChoice(options: 5), 15), (.matching(prompts: 3, options: 5), 3), (.shortNumeric, 4),
    ], threshold: 5)
    public static let history = Blueprint(subject: "history", parts: [
        (.singleChoice(options: 4), 20), (.matching(prompts: 4, options: 5), 4), (.sequence(items: 4), 3), (.chooseThree(options: 7), 3),
    ], threshold: 8)
    public static let all = [ukrainian, mathematics, history]

    /// Where `kinds` (a test's questions in order) differ from the paper's shape.
    public func problems(_ kinds: [QuestionKind]) -> [ContentProblem] {
        let expected = parts.flatMap { Array(repeating: $0.kind, count: $0.count) }
        guard kinds.count == expected.count else {
            return [ContentProblem(field: "questions", code: .structure, detail: "\(expected.count) tasks, not \(kinds.count)")]
        }
        return zip(kinds, expected).enumerated().compactMap { index, pair in
            pair.0 == pair.1 ? nil : ContentProblem(field: "questions[\(index)]", code: .structure, detail: "task \(index + 1) is \(pair.1)")
        }
    }
}
