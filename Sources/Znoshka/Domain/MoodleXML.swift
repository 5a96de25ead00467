import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Moodle XML question banks (`<quiz><question type="…">…`) read into a test, for the types
/// that map onto the НМТ's: `multichoice` (one right of 4 or 5: single choice; three right
/// of 7, not single: choose three), `matching` (3 or 4 prompts, 5 answers with the
/// distractors), `numerical` (its value and tolerance) and `shortanswer` whose right answer
/// is a number. Texts are HTML in Moodle: their tags are dropped and their entities read,
/// so only text comes in; `generalfeedback` is the explanation. Anything else is named by
/// its place (`questions[3] (essay)`), and nothing is imported while any problem remains.
public enum MoodleXML {
    /// What the file does not say: the test it becomes.
    public struct Target: Sendable {
        public var subject: String
        public var kind: AuthoredTest.Kind
        public var topic: String?
        public var title: String
        public var minutes: Int

        public init(subject: String, kind: AuthoredTest.Kind, topic: String?, title: String, minutes: Int) {
            self.subject = subject
            self.kind = kind
            self.topic = topic
            self.title = title
            self.minutes = minutes
        }
    }

    public static func read(_ data: Data, as target: Target) throws(TestFile.Invalid) -> AuthoredTest {
        guard let root = Element.parse(data), root.name == "quiz" else {
            throw TestFile.Invalid(problems: [ContentProblem(field: "", code: .shape, detail: "not a Moodle XML <quiz>")])
        }
        var problems: [ContentProblem] = []
        var questions: [Question] = []
        let items = root.children.filter { $0.name == "question" && $0.attributes["type"] != "category" }
        if items.isEmpty { problems.append(ContentProblem(field: "questions", code: .missing, detail: "")) }
        for (index, item) in items.enumerated() {
            let field = "questions[\(index)]"
            switch question(item) {
            case .success(let question):
                questions.append(question)
                problems += question.problems().map { ContentProblem(field: "\(field).\($0.field)", code: $0.code, detail: $0.detail) }
            case .failure(let detail):
                problems.append(ContentProblem(field: "\(field) (\(item.attributes["type"] ?? "?"))", code: .shape, detail: detail))
            }
        }
        if target.title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append(ContentProblem(field: "title", code: .missing, detail: "")) }
        if !(1...240).contains(target.minutes) { problems.append(ContentProblem(field: "minutes", code: .outOfRange, detail: "1–240")) }
        if target.kind == .topic, target.topic?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            problems.append(ContentProblem(field: "topic", code: .missing, detail: ""))
        }
        if target.kind == .simulation, let blueprint = Blueprint.all.first(where: { $0.subject == target.subject }), questions.count == items.count {
            problems += blueprint.problems(questions.map(\.kind))
        }
        guard problems.isEmpty else { throw TestFile.Invalid(problems: problems) }
        return AuthoredTest(subject: target.subject, kind: target.kind, topic: target.kind == .topic ? target.topic : nil, title: target.title,
                            minutes: target.minutes, questions: questions)
    }

    enum Mapped {
        case success(Question)
        case failure(String)
    }

    private static func question(_ item: Element) -> Mapped {
        let text = item.child("questiontext")?.text ?? ""
        let explanation = item.child("generalfeedback")?.text ?? ""
        let answers = item.children.filter { $0.name == "answer" }
        switch item.attributes["type"] {
        case "multichoice":
            let options = answers.map { $0.text }
            let right = answers.enumerated().filter { (Double($0.element.attributes["fraction"] ?? "0") ?? 0) > 0 }.map(\.offset)
            let single = (item.child("single")?.text ?? "true").lowercased() != "false"
            if single, right.count == 1, (4...5).contains(options.count) {
                return .success(Question(kind: .singleChoice(options: options.count), text: text, options: options, key: .option(right[0]),
                                         explanation: explanation))
            }
            if !single, right.count == 3, options.count == 7 {
                return .success(Question(kind: .chooseThree(options: 7), text: text, options: options, key: .options(Set(right)),
                                         explanation: explanation))
            }
            return .failure("multichoice maps to one right of 4 or 5 answers, or three right of 7 (not single); this has \(right.count) of \(options.count)")
        case "matching":
            let pairs = item.children.filter { $0.name == "subquestion" }.map { (prompt: $0.text, answer: $0.child("answer")?.text ?? "") }
            let prompts = pairs.filter { !$0.prompt.isEmpty }
            var options: [String] = []
            for pair in pairs where !pair.answer.isEmpty && !options.contains(pair.answer) { options.append(pair.answer) }
            guard (3...4).contains(prompts.count), options.count == 5 else {
                return .failure("matching maps to 3 or 4 prompts and 5 answers with the distractors; this has \(prompts.count) and \(options.count)")
            }
            return .success(Question(kind: .matching(prompts: prompts.count, options: 5), text: text, options: options, prompts: prompts.map(\.prompt),
                                     key: .pairs(prompts.map { prompt in options.firstIndex(of: prompt.answer)! }), explanation: explanation))
        case "numerical", "shortanswer":
            guard let best = answers.max(by: { (Double($0.attributes["fraction"] ?? "0") ?? 0) < (Double($1.attributes["fraction"] ?? "0") ?? 0) }),
                  let value = NumericAnswer.parse(best.text) else {
                return .failure("maps to a short numeric answer only when the right answer is a number")
            }
            let tolerance = best.child("tolerance").flatMap { NumericAnswer.parse($0.text) } ?? 0
            return .success(Question(kind: .shortNumeric, text: text, key: .number(value, tolerance: abs(tolerance)), explanation: explanation))
        default:
            return .failure("this type has no НМТ counterpart (multichoice, matching, numerical and shortanswer import)")
        }
    }

    /// A small element tree of the file: names, attributes, children and text.
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var ownText = ""

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func child(_ name: String) -> Element? { children.first { $0.name == name } }

        /// Moodle keeps each text in a `<text>` child, as HTML: the text without its tags.
        var text: String {
            let raw = child("text")?.ownText ?? ownText
            return Self.plain(raw)
        }

        static func plain(_ html: String) -> String {
            var text = html.replacingOccurrences(of: "<br\\s*/?>|</p>|</li>|</div>", with: "\n", options: [.regularExpression, .caseInsensitive])
            text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
                text = text.replacingOccurrences(of: entity, with: character)
            }
            return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        }

        static func parse(_ data: Data) -> Element? {
            let builder = Builder()
            let parser = XMLParser(data: data)
            parser.delegate = builder
            // No external entities or DTDs: a question bank is data, not a fetch.
            parser.shouldResolveExternalEntities = false
            guard parser.parse() else { return nil }
            return builder.root
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        private var stack: [Element] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = Element(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.ownText += string
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            stack.last?.ownText += String(decoding: data, as: UTF8.self)
        }
    }
}
