import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// The LaTeX subset drawn as MathML (`Formula`).
    @Suite("Formulas")
    struct FormulaTests {
        func inner(_ latex: String) throws -> String {
            let math = try Formula.mathML(latex)
            let prefix = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mrow>", suffix = "</mrow></math>"
            #expect(math.hasPrefix(prefix) && math.hasSuffix(suffix))
            return String(math.dropFirst(prefix.count).dropLast(suffix.count))
        }

        @Test("fractions, roots, powers, indices, Greek letters, operators, functions and text")
        func subset() throws {
            #expect(try inner("x^2") == "<msup><mi>x</mi><mn>2</mn></msup>")
            #expect(try inner("a_{n+1}") == "<msub><mi>a</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msub>")
            #expect(try inner("x_1^2") == "<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>")
            #expect(try inner("\\frac{1}{2}") == "<mfrac><mrow><mn>1</mn></mrow><mrow><mn>2</mn></mrow></mfrac>")
            #expect(try inner("\\sqrt{x}") == "<msqrt><mi>x</mi></msqrt>")
            #expect(try inner("\\sqrt[3]{8}") == "<mroot><mrow><mn>8</mn></mrow><mrow><mn>3</mn></mrow></mroot>")
            #expect(try inner("2\\pi r") == "<mn>2</mn><mi>π</mi><mi>r</mi>")
            #expect(try inner("\\Delta x \\le 0.5") == "<mi>Δ</mi><mi>x</mi><mo>≤</mo><mn>0.5</mn>")
            #expect(try inner("\\sin\\alpha") == "<mi>sin</mi><mo>&#x2061;</mo><mspace width=\"0.17em\"/><mi>α</mi>")
            #expect(try inner("\\sin(x)") == "<mi>sin</mi><mo>&#x2061;</mo><mo>(</mo><mi>x</mi><mo>)</mo>")
            #expect(try inner("S = 5\\,\\text{см}^2") == "<mi>S</mi><mo>=</mo><mn>5</mn><mspace width=\"0.17em\"/><msup><mtext>см</mtext><mn>2</mn></msup>")
            #expect(try inner("\\left( a+b \\right)^2") == "<mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><msup><mo>)</mo><mn>2</mn></msup>")
            #expect(try Formula.mathML("x", block: true).contains("display=\"block\""))
        }

        @Test("a function's scripts belong to its name; the apply-function operator follows them")
        func functionScripts() throws {
            let apply = "<mo>&#x2061;</mo><mspace width=\"0.17em\"/>"
            #expect(try inner("\\log_2 32") == "<msub><mi>log</mi><mn>2</mn></msub>\(apply)<mn>32</mn>")
            #expect(try inner("\\sin^2 x") == "<msup><mi>sin</mi><mn>2</mn></msup>\(apply)<mi>x</mi>")
            #expect(try inner("\\log_{a^k} x") == "<msub><mi>log</mi><mrow><msup><mi>a</mi><mi>k</mi></msup></mrow></msub>\(apply)<mi>x</mi>")
            #expect(try inner("\\lg 0.01") == "<mi>lg</mi>\(apply)<mn>0.01</mn>")
            #expect(try inner("\\ln e") == "<mi>ln</mi>\(apply)<mi>e</mi>")
            // A limit's condition is written under it, as in the textbook.
            #expect(try inner("\\lim_{x\\to0} f") == "<munder><mi>lim</mi><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder>\(apply)<mi>f</mi>")
            #expect(try inner("\\cos^2\\left(x\\right)") == "<msup><mi>cos</mi><mn>2</mn></msup><mo>&#x2061;</mo><mo>(</mo><mi>x</mi><mo>)</mo>")
            #expect(try inner("\\sum_{i=1}^{n} i") == "<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mrow><mi>n</mi></mrow></munderover><mi>i</mi>")
        }

        @Test("every formula of the seeded content renders as MathML Core allows: scripts, fractions and roots with their exact children")
        func seededCorpus() throws {
            var formulas: [String] = []
            func collect(_ text: String) { _ = TheoryMarkdown.extractFormulas(from: text) { latex, _ in formulas.append(latex); return "" } }
            for (_, data) in try SeedTests.files() { MathMLCore.strings(in: try JSONSerialization.jsonObject(with: data)).forEach(collect) }
            for page in try SeedTheory.pages() { collect(page.markdown) }
            #expect(formulas.count >= 200, "the corpus holds the seeded formulas (\(formulas.count))")
            #expect(formulas.contains { $0.contains("\\log_") } && formulas.contains { $0.contains("\\sin") })
            for latex in formulas {
                let math: String
                do { math = try Formula.mathML(latex) } catch {
                    Issue.record("\(latex): \(error)")
                    continue
                }
                #expect(MathMLCore.problems(math).isEmpty, "\(latex) → \(math): \(MathMLCore.problems(math))")
            }
        }

        @Test("the checker itself finds a script with three children")
        func checkerFindsProblems() {
            #expect(MathMLCore.problems("<math><msub><mi>log</mi><mo>&#x2061;</mo><mn>2</mn></msub></math>") == ["msub has 3 children, not 2"])
            #expect(MathMLCore.problems("<math><mfrac><mn>1</mn></mfrac><mspace width=\"1em\"/></math>") == ["mfrac has 1 children, not 2"])
            #expect(MathMLCore.problems("<math><msup><mi>x</mi><mn>2</mn></msup></math>").isEmpty)
        }

        @Test("nothing of the source reaches the page unescaped")
        func escaping() throws {
            #expect(try inner("a<b") == "<mi>a</mi><mo>&lt;</mo><mi>b</mi>")
            #expect(try inner("\\text{<script>alert(1)</script>}") == "<mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext>")
            #expect(try inner("\"&'") == "<mo>&quot;</mo><mo>&amp;</mo><mo>&#39;</mo>")
            // Whatever is typed, the answer is an error or markup with no raw < > & " ' of the source.
            let alphabet = Array("ab1^_{}\\<>&\"' fracsqrt[]()=+-")
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<2000 {
                let typed = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                guard let math = try? Formula.mathML(typed) else { continue }
                let text = math.replacingOccurrences(of: #"<[^<>]*>"#, with: "", options: .regularExpression)
                #expect(!text.contains("<") && !text.contains(">") && !text.contains("\""), "\(typed) → \(math)")
            }
        }

        @Test("what is outside the subset is an error that says what and where")
        func errors() {
            func failure(_ latex: String) -> Formula.Failure? {
                do { _ = try Formula.mathML(latex); return nil } catch { return error }
            }
            #expect(failure("x + \\foo") == .init(reason: .unknownCommand, offset: 4, detail: "\\foo"))
            #expect(failure("{x")?.reason == .unbalancedBraces)
            #expect(failure("x}")?.reason == .unbalancedBraces)
            #expect(failure("x^")?.reason == .emptyScript)
            #expect(failure("\\frac{1}")?.reason == .missingArgument)
            #expect(failure("\\sqrt[3{8}") == .init(reason: .unbalancedBraces, offset: 10, detail: "]"))
            #expect(failure("\\text{x")?.reason == .unbalancedBraces)
            #expect(failure(String(repeating: "{", count: 40) + String(repeating: "}", count: 40))?.reason == .tooDeep)
            #expect(failure(String(repeating: "x", count: Formula.maxLength + 1))?.reason == .tooLong)
        }
    }
}

/// The element children MathML Core requires of the elements with a fixed number of them.
enum MathMLCore {
    static let arity = ["msub": 2, "msup": 2, "msubsup": 3, "munder": 2, "mover": 2, "munderover": 3, "mfrac": 2, "mroot": 2]

    /// Each element of `markup` whose number of element children is not its arity, as a sentence.
    static func problems(_ markup: String) -> [String] {
        var open: [(name: String, children: Int)] = [], found: [String] = []
        var rest = Substring(markup)
        while let start = rest.firstIndex(of: "<"), let end = rest[start...].firstIndex(of: ">") {
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            if tag.hasPrefix("/") {
                guard let element = open.popLast() else { return found + ["</\(tag.dropFirst())> closes nothing"] }
                if let expected = arity[element.name], expected != element.children {
                    found.append("\(element.name) has \(element.children) children, not \(expected)")
                }
                continue
            }
            if !open.isEmpty { open[open.count - 1].children += 1 }
            if tag.hasSuffix("/") { continue }
            open.append((String(tag.prefix { $0 != " " }), 0))
        }
        return open.isEmpty ? found : found + ["\(open.map(\.name)) left open"]
    }

    /// Every string in a JSON value.
    static func strings(in json: Any) -> [String] {
        switch json {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }
}

