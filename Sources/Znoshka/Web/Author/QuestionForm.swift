import Foundation
import Kernel

/// One question as a web form, written in the answer-sheet notation of the test file
/// (`TestFile`): options one per line, the answer as «Б», «1Б 2А 3Д 4В», «ВАГБ», «1 4 6» or
/// «2,5». Submitted values go through the file's own reader, so a question saved here is
/// checked exactly as an imported one, and each problem is shown on its field.
enum QuestionForm {
    static let types = ["single", "matching", "sequence", "choose3", "number"]
    static let fieldNames = ["type", "text", "picture", "options", "prompts", "answer", "tolerance", "parameters", "condition", "explanation"]

    /// The field of a question's own topic, in a simulation's or a mixed test's editor.
    static let topicField = "question_topic"

    /// The topic typed for a question: its title (nil when left empty), or what is wrong with it.
    static func topic(_ values: [String: String]) -> (title: String?, error: FieldError?) {
        let title = (values[topicField] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard title.count <= AuthoredTest.topicMaxLength else {
            return (nil, FieldError(field: topicField, key: "zn.qform.question_topic_long", arguments: ["max": String(AuthoredTest.topicMaxLength)]))
        }
        return (title.isEmpty ? nil : title, nil)
    }

    /// The field of a question's own topic; `hint` says when it counts where the test's
    /// kind is still to be chosen.
    static func topicInput(_ form: FormState, hint: String = "zn.qform.question_topic_hint", _ l: Localizer) -> HTML {
        FormField(name: topicField, label: l.text("zn.qform.question_topic"), hint: l.text(hint), required: false,
                  maxLength: AuthoredTest.topicMaxLength).render(form, l)
    }

    /// The form's values for an existing question.
    static func values(_ question: Question) -> [String: String] {
        let item = TestFile.item(question)
        var values = ["type": item["type"] as? String ?? "single", "text": question.text, "explanation": question.explanation,
                      "picture": question.picture ?? "", "options": question.options.joined(separator: "\n"),
                      "prompts": question.prompts.joined(separator: "\n")]
        switch item["answer"] {
        case let letters as String: values["answer"] = letters
        case let pairs as [String: String]: values["answer"] = pairs.sorted { $0.key < $1.key }.map { $0.key + $0.value }.joined(separator: " ")
        case let numbers as [Int]: values["answer"] = numbers.map(String.init).joined(separator: " ")
        default: values["answer"] = ""
        }
        if let tolerance = item["tolerance"] as? String, tolerance != "0" { values["tolerance"] = tolerance }
        if let template = question.template {
            values["parameters"] = template.parameters.map(parameterLine).joined(separator: "\n")
            values["condition"] = template.condition ?? ""
        }
        return values
    }

    /// A submitted form: the question, or what is wrong with it, each on its field.
    enum Reading {
        case valid(Question)
        case invalid([FieldError])
    }

    /// The question the submitted `values` describe, or what is wrong with them.
    static func question(from values: [String: String]) -> Reading {
        let type = values["type"] ?? ""
        var reader = TestFile.Reader()
        let question = reader.question(item(type: type, values), at: "question")
        // Texts are checked by `Question.problems()`, which runs only once the answer reads;
        // until then say here that they are missing, so every problem shows at once.
        let missingTexts = question != nil ? [] : ["text", "explanation"]
            .filter { (values[$0] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            .map { ContentProblem(field: $0, code: .missing, detail: "") }
        let problems = reader.problems.map { problem in
            ContentProblem(field: String(problem.field.dropFirst("question.".count)), code: problem.code, detail: problem.detail)
        } + missingTexts + (question?.problems() ?? [])
        if let question, problems.isEmpty { return .valid(question) }
        var seen = Set<String>()
        return .invalid(problems.map { fieldError($0, type: type) }.filter { seen.insert($0.field).inserted })
    }

    /// The file entry of the form's values.
    private static func item(type: String, _ values: [String: String]) -> [String: Any] {
        var item: [String: Any] = ["type": type, "text": values["text"] ?? "", "explanation": values["explanation"] ?? ""]
        if let picture = values["picture"]?.trimmingCharacters(in: .whitespaces), !picture.isEmpty { item["picture"] = picture }
        let typed = (values["answer"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        // Letters are read in capitals; a number template's expression keeps its parameters' names.
        let answer = type == "number" ? typed : typed.uppercased()
        let parameterLines = lines(values["parameters"])
        if !parameterLines.isEmpty {
            item["parameters"] = parameterLines.map(parameterItem)
            let condition = (values["condition"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if !condition.isEmpty { item["condition"] = condition }
        }
        switch type {
        case "single":
            item["options"] = lines(values["options"])
            item["answer"] = answer
        case "matching":
            item["prompts"] = lines(values["prompts"])
            item["options"] = lines(values["options"])
            item["answer"] = pairs(answer)
        case "sequence":
            item["items"] = lines(values["prompts"])
            item["answer"] = String(answer.filter(\.isLetter))
        case "choose3":
            item["options"] = lines(values["options"])
            item["answer"] = answer.split { !$0.isNumber }.compactMap { Int($0) }
        default:
            item["answer"] = answer
            let tolerance = (values["tolerance"] ?? "").trimmingCharacters(in: .whitespaces)
            item["tolerance"] = tolerance.isEmpty ? "0" : tolerance
        }
        return item
    }

    /// A template parameter as the editor writes it: `a = 2..9`, `b = 0,5..5 крок 0,5`, `c = 2 | 3 | 5`.
    static func parameterLine(_ parameter: QuestionTemplate.Parameter) -> String {
        func number(_ value: Double) -> String { TemplateNumber.text(value, inFormula: false) }
        if let values = parameter.values { return "\(parameter.name) = " + values.map(number).joined(separator: " | ") }
        let range = "\(parameter.name) = \(number(parameter.from ?? 0))..\(number(parameter.to ?? 0))"
        return parameter.step.map { range + " крок \(number($0))" } ?? range
    }

    /// A parameter line as the file's entry; a line that does not read becomes an entry the
    /// file's reader refuses, on its line.
    static func parameterItem(_ line: String) -> [String: Any] {
        let sides = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard sides.count == 2 else { return ["name": line] }
        var item: [String: Any] = ["name": sides[0]]
        func number(_ text: some StringProtocol) -> Double? {
            Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".").replacingOccurrences(of: "\u{2212}", with: "-"))
        }
        let spec = sides[1]
        if spec.contains("|") {
            let values = spec.split(separator: "|").map { number($0) }
            if values.allSatisfy({ $0 != nil }) { item["values"] = values.compactMap { $0 } }
        } else if let match = spec.wholeMatch(of: /(.+?)\s*\.\.\s*(.+?)(?:\s+(?:крок|step)\s+(.+))?/),
                  let from = number(match.output.1), let to = number(match.output.2) {
            item["from"] = from
            item["to"] = to
            if let step = match.output.3 { item["step"] = number(step) ?? "?" }
        } else if let value = number(spec) {
            item["values"] = [value]
        }
        return item
    }

    /// Non-empty lines; an author's blank line between options is not an option.
    static func lines(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// «1Б 2А 3Д 4В» (any separators), or the letters alone in the prompts' order («БАДВ»).
    static func pairs(_ answer: String) -> [String: String] {
        var pairs: [String: String] = [:]
        if answer.contains(where: \.isNumber) {
            var number: Character?
            for character in answer {
                if character.isNumber { number = character } else if character.isLetter, let prompt = number {
                    pairs[String(prompt)] = String(character)
                    number = nil
                }
            }
        } else {
            for (index, letter) in answer.filter(\.isLetter).enumerated() { pairs[String(index + 1)] = String(letter) }
        }
        return pairs
    }

    /// A problem as the message on its form field.
    private static func fieldError(_ problem: ContentProblem, type: String) -> FieldError {
        let path = problem.field
        let root = String(path.prefix { $0 != "[" && $0 != "." })
        let field = ["items": "prompts", "key": "answer", "kind": "type"][root] ?? root
        // A template's expression names itself first: «{{a*}}: …».
        let expression = problem.detail.hasPrefix("{{") ? String(problem.detail.prefix { $0 != ":" }) : nil
        let line = path.firstIndex(of: "[").flatMap { Int(path[path.index(after: $0)...].prefix { $0.isNumber }) }.map { String($0 + 1) }
        let key: String
        switch problem.code {
        case _ where field == "parameters" && problem.code == .shape: key = "zn.content.no_variant"
        case _ where field == "parameters": key = line == nil ? "zn.content.parameters" : "zn.content.parameters_line"
        case .formula where expression != nil: key = "zn.content.placeholder"
        case .missing where field == "answer" && type == "number": key = "zn.content.number"
        case .missing: key = line == nil ? "zn.content.missing" : "zn.content.missing_line"
        case .count: key = "zn.content.count"
        case .outOfRange where field == "type": key = "zn.content.type"
        case .outOfRange where field == "tolerance" || (field == "answer" && type == "number"): key = "zn.content.number"
        case .outOfRange: key = problem.detail.isEmpty ? "zn.content.out_of_range" : "zn.content.letters"
        case .repeated: key = "zn.content.repeated"
        case .shape, .structure: key = "zn.content.shape"
        case .formula: key = "zn.validation.formula"
        }
        return FieldError(field: field, key: key, arguments: ["line": line ?? "", "detail": expression ?? problem.detail])
    }

    /// The fields, filled from `form`.
    static func fields(_ form: FormState, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            SelectField(name: "type", label: l.text("zn.qform.type"), options: types.map { ($0, l.text("zn.qform.type.\($0)")) },
                        includeEmpty: false).render(form, l),
            TextAreaField(name: "text", label: l.text("zn.qform.text"), hint: l.text("zn.author.markdown_hint"), maxLength: 20_000).render(form, l),
            TextAreaField(name: "options", label: l.text("zn.qform.options"), hint: l.text("zn.qform.options_hint"), required: false,
                          maxLength: 20_000).render(form, l),
            TextAreaField(name: "prompts", label: l.text("zn.qform.prompts"), hint: l.text("zn.qform.prompts_hint"), required: false,
                          maxLength: 20_000).render(form, l),
            FormField(name: "answer", label: l.text("zn.qform.answer"), hint: l.text("zn.qform.answer_hint"), maxLength: 300).render(form, l),
            FormField(name: "tolerance", label: l.text("zn.qform.tolerance"), hint: l.text("zn.qform.tolerance_hint"), required: false,
                      inputMode: "decimal", maxLength: 24).render(form, l),
            TextAreaField(name: "parameters", label: l.text("zn.qform.parameters"), hint: l.text("zn.qform.parameters_hint"), required: false,
                          maxLength: 2_000).render(form, l),
            FormField(name: "condition", label: l.text("zn.qform.condition"), hint: l.text("zn.qform.condition_hint"), required: false,
                      maxLength: 300).render(form, l),
            FormField(name: "picture", label: l.text("zn.qform.picture"), hint: l.text("zn.qform.picture_hint"), required: false,
                      maxLength: 500).render(form, l),
            TextAreaField(name: "explanation", label: l.text("zn.qform.explanation"), maxLength: 20_000).render(form, l),
        ])
    }

    /// How many of a template's variants a preview shows.
    static let previewVariants = 3

    /// `question` as a student sees it while taking the test, then its answer and
    /// explanation as the review shows them; a template as a few of its variants (drawn
    /// with a seed of its number, so the same preview shows the same ones).
    static func preview(_ question: Question, number: Int, _ l: Localizer) -> HTML {
        guard question.isTemplate else { return preview(question, number: number, variant: nil, l) }
        var generator = PaperDraw.Generator(seed: UInt64(number))
        let variants = (0..<previewVariants).compactMap { _ in question.variant(using: &generator)?.question }
        return HTMLBuilder.join(variants.enumerated().map { preview($0.element, number: number, variant: $0.offset + 1, l) })
    }

    private static func preview(_ question: Question, number: Int, variant: Int?, _ l: Localizer) -> HTML {
        let id = variant.map { "preview-\(number)-\($0)" } ?? "preview-\(number)"
        let type = l.text("zn.qform.type.\(TestFile.item(question)["type"] as? String ?? "single")")
        let of = variant.map { " · " + l.text("zn.qform.variant", ["number": String($0), "count": String(previewVariants)]) } ?? ""
        return H.article(.class("card preview"), .aria("labelledby", id)) {
            H.h3(.id(id)) { l.text("zn.taking.question_number", ["number": String(number)]) + " · " + type + of }
            QuestionParts.body(question, l)
            // Disabled: a preview answers nothing, and its radios must not join another question's group.
            H.fieldset(.class("preview-inputs"), .flag("disabled", true)) {
                H.legend(.class("visually-hidden")) { l.text("zn.author.preview") }
                QuestionParts.inputs(question, answer: nil, prefix: id, l)
            }
            H.p { H.strong { l.text("zn.result.right_answer") }; " "; QuestionParts.describe(question.key, l) }
            H.div(.class("explanation")) {
                H.element("h4", [], content: HTML(text: l.text("zn.result.explanation")))
                // Rendered by `TheoryMarkdown`: no raw HTML gets through.
                ZnoshkaFormat.markdown(QuestionHTML.explanation(question), label: l.text("zn.result.explanation"))
            }
        }
    }
}
