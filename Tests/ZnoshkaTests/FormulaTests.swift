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
            #expect(try inner("\\sin\\alpha") == "<mi>sin</mi><mo>&#x2061;</mo><mi>α</mi>")
            #expect(try inner("S = 5\\,\\text{см}^2") == "<mi>S</mi><mo>=</mo><mn>5</mn><mspace width=\"0.17em\"/><msup><mtext>см</mtext><mn>2</mn></msup>")
            #expect(try inner("\\left( a+b \\right)^2") == "<mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><msup><mo>)</mo><mn>2</mn></msup>")
            #expect(try Formula.mathML("x", block: true).contains("display=\"block\""))
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
