import Foundation

/// What makes a question a template: numbers drawn within ranges the author sets, and
/// `{{expression}}` placeholders in its text, options, prompts and explanation filled with
/// them. Each draw is a variant, a plain question of its own; a number question's right
/// answer is the expression `answer`, a choice question's the option the author marked
/// (its distractors computed from the same numbers).
public struct QuestionTemplate: Sendable, Hashable, Codable {
    public struct Parameter: Sendable, Hashable, Codable {
        public var name: String
        /// A range from `from` to `to` by `step` (1 unless given)…
        public var from: Double?
        public var to: Double?
        public var step: Double?
        /// …or a list of values.
        public var values: [Double]?

        public init(name: String, from: Double, to: Double, step: Double? = nil) {
            self.name = name
            self.from = from
            self.to = to
            self.step = step
        }

        public init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }

        /// Every value the parameter may take; empty when the range reads wrong.
        public var choices: [Double] {
            if let values { return values }
            guard let from, let to, from <= to else { return [] }
            let step = step ?? 1
            guard step > 0, (to - from) / step < Double(QuestionTemplate.maxChoices) else { return [] }
            let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
            return (0..<count).map { from + Double($0) * step }
        }
    }

    public var parameters: [Parameter]
    /// A condition every variant meets, `a != b` (optional).
    public var condition: String?
    /// A number question's right answer, as an expression: `a*b`.
    public var answer: String?

    public init(parameters: [Parameter], condition: String? = nil, answer: String? = nil) {
        self.parameters = parameters
        self.condition = condition
        self.answer = answer
    }

    static let maxParameters = 8
    static let maxChoices = 10_000
    /// Draws tried for one variant before the template is said to have none.
    static let attempts = 200
    /// The seed of the draws that check a template: the same template always gets the same
    /// verdict, and a start whose own draws found nothing falls back on these.
    static let checkSeed: UInt64 = 2026

    /// One draw: a value for every parameter.
    func draw(using generator: inout some RandomNumberGenerator) -> [String: Double] {
        var values: [String: Double] = [:]
        for parameter in parameters {
            let choices = parameter.choices
            if let value = choices.randomElement(using: &generator) { values[parameter.name] = value }
        }
        return values
    }
}

/// A template's `{{…}}` placeholders.
enum Placeholders {
    /// The expressions in `text`, in order. `{{{a}}}` (a placeholder inside LaTeX braces) is
    /// read as `{` + `{{a}}` + `}`: a placeholder starts at the last `{{` of a run of braces.
    static func expressions(in text: String) -> [String] {
        var found: [String] = []
        _ = fill(text) { expression, _ in found.append(expression); return "" }
        return found
    }

    /// `text` with each placeholder replaced by `value(expression, inFormula)`; `inFormula`
    /// says whether it stands between `$` signs.
    static func fill<Failure: Error>(_ text: String, _ value: (String, Bool) throws(Failure) -> String) throws(Failure) -> String {
        guard text.contains("{{") else { return text }
        var result = ""
        var inFormula = false
        var rest = Substring(text)
        while let first = rest.first {
            if first == "$" { inFormula.toggle() }
            if rest.hasPrefix("{{"), !rest.dropFirst(2).hasPrefix("{"), let end = rest.range(of: "}}") {
                let expression = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
                result += try value(String(expression), inFormula)
                rest = rest[end.upperBound...]
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }
}

extension Question {
    public var isTemplate: Bool { template != nil }

    /// Every text of the question a placeholder may stand in, with its field's name.
    var placeholderFields: [(field: String, text: String)] {
        [("text", text), ("explanation", explanation)] + options.enumerated().map { ("options[\($0.offset)]", $0.element) }
            + prompts.enumerated().map { ("prompts[\($0.offset)]", $0.element) }
    }

    /// The variant of `values`: every placeholder filled, a number question's answer
    /// computed. Throws where an expression has no value for them.
    public func variant(values: [String: Double]) throws(TemplateExpression.Failure) -> Question {
        guard let template else { return self }
        func fill(_ text: String) throws(TemplateExpression.Failure) -> String {
            try Placeholders.fill(text) { expression, inFormula throws(TemplateExpression.Failure) in
                TemplateNumber.text(try TemplateExpression.parse(expression).value(values), inFormula: inFormula)
            }
        }
        var variant = self
        variant.template = nil
        variant.text = try fill(text)
        variant.explanation = try fill(explanation)
        variant.options = []
        for option in options { variant.options.append(try fill(option)) }
        variant.prompts = []
        for prompt in prompts { variant.prompts.append(try fill(prompt)) }
        if case .option(let right) = key { variant.orderNumericOptions(right: right) }
        if case .number(_, let tolerance) = key, let answer = template.answer {
            let value = TemplateNumber.plain(try TemplateExpression.parse(answer).value(values))
            variant.key = .number(Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) ?? 0, tolerance: tolerance)
        }
        return variant
    }

    /// A fresh variant and the values it was drawn with: values meeting the condition whose
    /// options (and prompts) all differ. Nil when `QuestionTemplate.attempts` draws gave none.
    public func variant(using generator: inout some RandomNumberGenerator) -> (question: Question, values: [String: Double])? {
        guard let template else { return (self, [:]) }
        let condition = template.condition.flatMap { try? TemplateExpression.parse($0) }
        for _ in 0..<QuestionTemplate.attempts {
            let values = template.draw(using: &generator)
            if let condition, (try? condition.value(values)) ?? 0 == 0 { continue }
            guard let variant = try? variant(values: values), variant.hasDistinctChoices else { continue }
            return (variant, values)
        }
        return nil
    }

    /// Options that are all numbers put in ascending order, as the exam prints them, the
    /// key following its option: where the author wrote the right answer is no clue.
    mutating func orderNumericOptions(right: Int) {
        let values = options.map { NumericAnswer.parse($0.trimmingCharacters(in: CharacterSet(charactersIn: "$ ")).replacingOccurrences(of: "{,}", with: ",")) }
        guard values.allSatisfy({ $0 != nil }), options.indices.contains(right) else { return }
        let order = options.indices.sorted { values[$0]! < values[$1]! }
        options = order.map { options[$0] }
        key = .option(order.firstIndex(of: right)!)
    }

    /// Whether no two options (or prompts) read the same: a distractor equal to the right
    /// answer would make a variant unfair.
    var hasDistinctChoices: Bool {
        Set(options).count == options.count && Set(prompts).count == prompts.count
    }

    /// What is wrong with a template, each on its field; then what is wrong with its
    /// variants (a few drawn with a fixed seed, so the same template always gets the same
    /// verdict).
    func templateProblems(_ template: QuestionTemplate) -> [ContentProblem] {
        var problems: [ContentProblem] = []
        func add(_ field: String, _ code: ContentProblem.Code, _ detail: String = "") { problems.append(ContentProblem(field: field, code: code, detail: detail)) }
        let names = template.parameters.map(\.name)
        if names.isEmpty || names.count > QuestionTemplate.maxParameters { add("parameters", .count, "1–\(QuestionTemplate.maxParameters)") }
        for (index, parameter) in template.parameters.enumerated() {
            if parameter.name.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]{0,15}/) == nil || TemplateExpression.functions[parameter.name] != nil {
                add("parameters[\(index)].name", .outOfRange, "a name like a or n1")
            }
            if parameter.choices.isEmpty || parameter.choices.count > QuestionTemplate.maxChoices || parameter.choices.contains(where: { !$0.isFinite }) {
                add("parameters[\(index)]", .outOfRange, "from ≤ to, a step above 0, at most \(QuestionTemplate.maxChoices) values")
            }
        }
        if Set(names).count != names.count { add("parameters", .repeated) }
        func check(_ field: String, _ expression: String) {
            do {
                let unknown = try TemplateExpression.parse(expression).names.subtracting(names)
                if let name = unknown.sorted().first { add(field, .formula, "{{\(expression)}}: unknown parameter \(name)") }
            } catch {
                add(field, .formula, "{{\(expression)}}: \(error.description)")
            }
        }
        for (field, text) in placeholderFields {
            for expression in Placeholders.expressions(in: text) { check(field, expression) }
        }
        if let condition = template.condition { check("condition", condition) }
        switch (kind, template.answer) {
        case (.shortNumeric, let answer?): check("key", answer)
        case (.shortNumeric, nil): add("key", .missing, "the answer's expression, {{…}}")
        case (_, _?): add("key", .shape, "only a number question computes its answer")
        case (_, nil): break
        }
        guard problems.isEmpty else { return problems }
        var generator = PaperDraw.Generator(seed: QuestionTemplate.checkSeed)
        for _ in 0..<8 {
            guard let (variant, _) = variant(using: &generator) else {
                add("parameters", .shape, "no values give a question: check the condition, and that options differ")
                break
            }
            for problem in variant.problems() where !problems.contains(problem) { problems.append(problem) }
        }
        return problems
    }
}
