import Foundation

/// A whole test as a file an author imports or exports: JSON written the way the exam's
/// answer sheet is (letters А–Д for options, 1–4 for matching prompts, «ВАГБ» for an
/// order, numbers 1–7 for choose-three, «2,5» for a number). Documented in
/// `docs/znoshka-test-files.md`. Reading names every problem by its path
/// (`questions[4].answer`), so the author finds it at once; nothing is imported while
/// any remains.
public struct AuthoredTest: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case simulation, topic, mixed }

    public var subject: String
    public var kind: Kind
    public var topic: String?
    public var title: String
    public var minutes: Int
    public var questions: [Question]
    /// The programme topic of each question of a simulation or a mixed test, by position
    /// (nil: none given); every question of a topic test is of the test's `topic`.
    public var questionTopics: [String?] = []

    /// The topic of the question at `index`.
    public func topic(ofQuestion index: Int) -> String? {
        kind == .topic ? topic : questionTopics.indices.contains(index) ? questionTopics[index] : nil
    }

    /// Each question with its own topic, as one list: an editor that moves or removes a
    /// question moves or removes its topic with it.
    public var entries: [(question: Question, topic: String?)] {
        get { questions.indices.map { (questions[$0], questionTopics.indices.contains($0) ? questionTopics[$0] : nil) } }
        set {
            questions = newValue.map(\.question)
            questionTopics = newValue.contains { $0.topic != nil } ? newValue.map(\.topic) : []
        }
    }

    /// A topic's title as the catalogue keeps it: what an author may name.
    public static let topicMaxLength = 120
}

public enum TestFile {
    /// А, Б, В, Г, Д: options as the answer sheet names them.
    static let letters: [Character] = ["А", "Б", "В", "Г", "Д"]
    /// The compulsory subjects, seeded on every installation; authors may add chosen ones.
    public static let subjects = SubjectCatalog.compulsory.map(\.slug)

    public struct Invalid: Error, Sendable, Equatable {
        public let problems: [ContentProblem]
    }

    public static func read(_ data: Data) throws(Invalid) -> AuthoredTest {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Invalid(problems: [ContentProblem(field: "", code: .shape, detail: "not a JSON object")])
        }
        var reader = Reader()
        let subject = reader.string(root, "subject")
        // Whether the subject exists here is the importer's to say (authors add chosen subjects).
        if let subject, !Subject.isValidSlug(subject) { reader.add("subject", .outOfRange, "a subject's slug, like history") }
        let kind = reader.string(root, "kind").flatMap { text in
            AuthoredTest.Kind(rawValue: text) ?? { reader.add("kind", .outOfRange, "simulation, topic, mixed"); return nil }()
        }
        let topic = root["topic"] as? String
        if kind == .topic, topic?.isEmpty ?? true { reader.add("topic", .missing) }
        let title = reader.string(root, "title")
        let minutes = root["minutes"] as? Int
        if minutes == nil || !(1...240).contains(minutes!) { reader.add("minutes", .outOfRange, "1–240") }
        let items = root["questions"] as? [[String: Any]] ?? []
        if items.isEmpty { reader.add("questions", .missing) }
        var questions: [Question] = []
        var questionTopics: [String?] = []
        for (index, item) in items.enumerated() {
            let questionTopic = reader.questionTopic(item, at: "questions[\(index)]", testKind: kind, testTopic: topic)
            guard let question = reader.question(item, at: "questions[\(index)]") else { continue }
            questions.append(question)
            questionTopics.append(questionTopic)
            for problem in question.problems() { reader.add("questions[\(index)].\(problem.field)", problem.code, problem.detail) }
        }
        if kind == .simulation, let subject, let blueprint = Blueprint.all.first(where: { $0.subject == subject }), questions.count == items.count {
            reader.problems += blueprint.problems(questions.map(\.kind))
        }
        guard reader.problems.isEmpty, let subject, let kind, let title, let minutes else { throw Invalid(problems: reader.problems) }
        return AuthoredTest(subject: subject, kind: kind, topic: kind == .topic ? topic : nil, title: title, minutes: minutes, questions: questions,
                            questionTopics: kind == .topic || questionTopics.allSatisfy({ $0 == nil }) ? [] : questionTopics)
    }

    /// The file of `test`, which `read` gives back unchanged.
    public static func write(_ test: AuthoredTest) -> Data {
        var root: [String: Any] = ["subject": test.subject, "kind": test.kind.rawValue, "title": test.title, "minutes": test.minutes]
        if let topic = test.topic { root["topic"] = topic }
        root["questions"] = test.questions.indices.map { index in
            var entry = item(test.questions[index])
            if test.kind != .topic, let topic = test.topic(ofQuestion: index) { entry["topic"] = topic }
            return entry
        }
        return (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static func letter(_ index: Int) -> String { index < letters.count ? String(letters[index]) : "?" }

    static func decimal(_ value: Decimal) -> String { "\(value)".replacingOccurrences(of: ".", with: ",") }

    /// A question as its file entry (also the web editor's starting values).
    static func item(_ question: Question) -> [String: Any] {
        var item: [String: Any] = ["text": question.text, "explanation": question.explanation]
        if let picture = question.picture { item["picture"] = picture }
        switch (question.kind, question.key) {
        case (.singleChoice, .option(let right)):
            item.merge(["type": "single", "options": question.options, "answer": letter(right)]) { $1 }
        case (.matching, .pairs(let pairs)):
            let answer = Dictionary(uniqueKeysWithValues: pairs.enumerated().map { (String($0.offset + 1), letter($0.element)) })
            item.merge(["type": "matching", "prompts": question.prompts, "options": question.options, "answer": answer]) { $1 }
        case (.sequence, .order(let order)):
            item.merge(["type": "sequence", "items": question.prompts, "answer": order.map(letter).joined()]) { $1 }
        case (.chooseThree, .options(let right)):
            item.merge(["type": "choose3", "options": question.options, "answer": right.sorted().map { $0 + 1 }]) { $1 }
        case (.shortNumeric, .number(let value, let tolerance)):
            let answer = question.template?.answer.map { "{{\($0)}}" } ?? decimal(value)
            item.merge(["type": "number", "answer": answer, "tolerance": decimal(tolerance)]) { $1 }
        default:
            break
        }
        if let template = question.template {
            item["parameters"] = template.parameters.map(parameterItem)
            if let condition = template.condition { item["condition"] = condition }
        }
        return item
    }

    /// A template's parameter as its file entry: `{"name": "a", "from": 2, "to": 9}`.
    static func parameterItem(_ parameter: QuestionTemplate.Parameter) -> [String: Any] {
        var item: [String: Any] = ["name": parameter.name]
        if let values = parameter.values { item["values"] = values.map(number) }
        if let from = parameter.from { item["from"] = number(from) }
        if let to = parameter.to { item["to"] = number(to) }
        if let step = parameter.step { item["step"] = number(step) }
        return item
    }

    /// Whole numbers as integers, so a file reads `2`, not `2.0`.
    private static func number(_ value: Double) -> Any { value == value.rounded() && abs(value) < 1e15 ? Int(value) as Any : value as Any }

    /// Reads fields, collecting what is wrong with them.
    struct Reader {
        var problems: [ContentProblem] = []

        mutating func add(_ field: String, _ code: ContentProblem.Code, _ detail: String = "") {
            problems.append(ContentProblem(field: field, code: code, detail: detail))
        }

        mutating func string(_ object: [String: Any], _ key: String, at path: String = "") -> String? {
            let field = path.isEmpty ? key : "\(path).\(key)"
            guard let value = object[key] as? String, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                add(field, .missing)
                return nil
            }
            return value
        }

        mutating func strings(_ object: [String: Any], _ key: String, at path: String) -> [String] {
            guard let values = object[key] as? [String] else { add("\(path).\(key)", .missing); return [] }
            return values
        }

        /// An option's letter (А–Д) as an index below `count`.
        mutating func index(ofLetter text: String?, count: Int, at field: String) -> Int? {
            guard let text, text.count == 1, let index = TestFile.letters.firstIndex(of: Character(text)), index < count else {
                add(field, .outOfRange, String(TestFile.letters.prefix(count)))
                return nil
            }
            return index
        }

        /// A question's own topic: a title in a simulation or a mixed test; in a topic test
        /// none, or the test's own.
        mutating func questionTopic(_ item: [String: Any], at path: String, testKind: AuthoredTest.Kind?, testTopic: String?) -> String? {
            guard let value = item["topic"] else { return nil }
            guard let title = value as? String, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                  title.count <= AuthoredTest.topicMaxLength else {
                add("\(path).topic", .outOfRange, "a topic's title, up to \(AuthoredTest.topicMaxLength) characters")
                return nil
            }
            if testKind == .topic, title != testTopic { add("\(path).topic", .outOfRange, "the test's own topic") }
            return title
        }

        /// A question, made a template when it has `parameters`.
        mutating func question(_ item: [String: Any], at path: String) -> Question? {
            guard item["parameters"] != nil else { return plainQuestion(item, at: path) }
            let template = self.template(item, at: path)
            var fields = item
            // A number template's answer is an expression; the question reads with a stand-in value.
            var answerExpression: String?
            if item["type"] as? String == "number", let answer = item["answer"] as? String,
               let expression = answer.trimmingCharacters(in: .whitespaces).wholeMatch(of: /\{\{(.+)\}\}/)?.output.1 {
                answerExpression = String(expression)
                fields["answer"] = "0"
            }
            guard var question = plainQuestion(fields, at: path), var template else { return nil }
            template.answer = answerExpression
            question.template = template
            return question
        }

        /// A template's parameters and condition: `[{"name": "a", "from": 2, "to": 9, "step": 1}]`
        /// or `{"name": "c", "values": [2, 3, 5]}`, and `"condition": "a != b"`.
        mutating func template(_ item: [String: Any], at path: String) -> QuestionTemplate? {
            guard let entries = item["parameters"] as? [[String: Any]], !entries.isEmpty else {
                add("\(path).parameters", .missing, "a list of {name, from, to, step} or {name, values}")
                return nil
            }
            var parameters: [QuestionTemplate.Parameter] = []
            for (index, entry) in entries.enumerated() {
                let field = "\(path).parameters[\(index)]"
                guard let name = string(entry, "name", at: field) else { continue }
                func number(_ key: String) -> Double? { (entry[key] as? NSNumber).flatMap { $0 is Bool ? nil : $0.doubleValue } }
                if let values = entry["values"] as? [Any] {
                    let numbers = values.compactMap { ($0 as? NSNumber).flatMap { $0 is Bool ? nil : $0.doubleValue } }
                    guard numbers.count == values.count, !numbers.isEmpty else { add("\(field).values", .outOfRange, "numbers"); continue }
                    parameters.append(QuestionTemplate.Parameter(name: name, values: numbers))
                } else if let from = number("from"), let to = number("to"), entry["step"] == nil || number("step") != nil {
                    parameters.append(QuestionTemplate.Parameter(name: name, from: from, to: to, step: number("step")))
                } else {
                    add(field, .missing, "from and to (numbers), or values")
                }
            }
            let condition = (item["condition"] as? String).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if item["condition"] != nil, condition?.isEmpty ?? true { add("\(path).condition", .outOfRange, "an expression like a != b") }
            guard parameters.count == entries.count else { return nil }
            return QuestionTemplate(parameters: parameters, condition: condition)
        }

        mutating func plainQuestion(_ item: [String: Any], at path: String) -> Question? {
            // Missing texts are reported by `Question.problems()`, once.
            let text = item["text"] as? String ?? ""
            let explanation = item["explanation"] as? String ?? ""
            let picture = item["picture"] as? String
            let answerField = "\(path).answer"
            switch item["type"] as? String {
            case "single":
                let options = strings(item, "options", at: path)
                guard let right = index(ofLetter: item["answer"] as? String, count: options.count, at: answerField) else { return nil }
                return Question(kind: .singleChoice(options: options.count), text: text, options: options, key: .option(right), explanation: explanation, picture: picture)
            case "matching":
                let prompts = strings(item, "prompts", at: path), options = strings(item, "options", at: path)
                guard let answer = item["answer"] as? [String: String] else { add(answerField, .missing); return nil }
                var pairs: [Int] = []
                for number in 1...max(prompts.count, 1) {
                    guard let right = index(ofLetter: answer[String(number)], count: options.count, at: "\(answerField).\(number)") else { return nil }
                    pairs.append(right)
                }
                return Question(kind: .matching(prompts: prompts.count, options: options.count), text: text, options: options, prompts: prompts,
                                key: .pairs(pairs), explanation: explanation, picture: picture)
            case "sequence":
                let items = strings(item, "items", at: path)
                guard let answer = item["answer"] as? String, answer.count == items.count else { add(answerField, .count, String(items.count)); return nil }
                var order: [Int] = []
                for letter in answer {
                    guard let index = index(ofLetter: String(letter), count: items.count, at: answerField) else { return nil }
                    order.append(index)
                }
                return Question(kind: .sequence(items: items.count), text: text, prompts: items, key: .order(order), explanation: explanation, picture: picture)
            case "choose3":
                let options = strings(item, "options", at: path)
                guard let numbers = item["answer"] as? [Int] else { add(answerField, .missing); return nil }
                return Question(kind: .chooseThree(options: options.count), text: text, options: options,
                                key: .options(Set(numbers.map { $0 - 1 })), explanation: explanation, picture: picture)
            case "number":
                guard let value = (item["answer"] as? String).flatMap(NumericAnswer.parse) else { add(answerField, .outOfRange, "a number like 2,5"); return nil }
                let typedTolerance = item["tolerance"] as? String ?? "0"
                guard let tolerance = NumericAnswer.parse(typedTolerance) else { add("\(path).tolerance", .outOfRange, "a number like 0,01"); return nil }
                return Question(kind: .shortNumeric, text: text, key: .number(value, tolerance: tolerance), explanation: explanation, picture: picture)
            default:
                add("\(path).type", .outOfRange, "single, matching, sequence, choose3, number")
                return nil
            }
        }
    }
}
