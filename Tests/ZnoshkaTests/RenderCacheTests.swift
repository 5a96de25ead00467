import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// Question texts rendered once: a bank's worth is kept whole.
    @Suite("Rendered question texts")
    struct RenderCacheTests {
        @Test("a bank of 5,000 questions (30,000 texts with their options) stays rendered; a budget bounds the bytes")
        func bankFits() {
            let cache = QuestionHTML.RenderCache()
            let texts = (0..<30_000).map { "Питання \($0): коли відбулася подія, про яку йдеться в уривку джерела №\($0 % 97)?" }
            for text in texts { _ = cache.html(text, block: true) }
            #expect(cache.count == texts.count, "nothing dropped while the bank fits the budget")
            #expect(cache.html(texts[0], block: true) == TheoryMarkdown.render(texts[0]).html)

            let small = QuestionHTML.RenderCache(budget: 2_000)
            for text in texts.prefix(50) { _ = small.html(text, block: false) }
            #expect(small.count > 0 && small.count < 50, "over its budget the cache starts again (\(small.count) kept)")
        }
    }
}
