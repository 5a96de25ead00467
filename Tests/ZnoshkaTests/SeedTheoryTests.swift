import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// The theory Znoshka ships with renders as written.
    @Suite("Seed theory")
    struct SeedTheoryTests {
        @Test("five titled topics per subject; every formula in the subset; a table in each subject, formulas in mathematics")
        func pages() throws {
            let pages = try SeedTheory.pages()
            for subject in TestFile.subjects {
                let own = pages.filter { $0.subject == subject }
                #expect(own.count >= 5, "\(subject): \(own.count) pages")
                #expect(own.contains { TheoryMarkdown.render($0.markdown).html.contains("<table>") }, "\(subject) has a table")
            }
            for page in pages {
                let rendered = TheoryMarkdown.render(page.markdown)
                #expect(!page.title.isEmpty, "\(page.subject)/\(page.slug) has a title")
                #expect(rendered.formulaErrors.isEmpty, "\(page.subject)/\(page.slug): \(rendered.formulaErrors)")
                #expect(!rendered.html.contains("formula-error") && rendered.html.count > 1_000, "\(page.subject)/\(page.slug)")
                if page.subject == "mathematics" { #expect(rendered.html.contains("<math"), "\(page.slug) has formulas") }
            }
        }
    }
}
