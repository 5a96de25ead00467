import Fluent
import Foundation
import SQLKit
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

        @Test("a page saved with the old drawing of its formulas is drawn again by the migration; one without formulas is left alone")
        func drawnAgain() async throws {
            try await withZnoshka { app in
                let pages = try await TheoryPage.query(on: app.db).all()
                let logarithms = try #require(pages.first { $0.markdown.contains("\\log_") })
                let plain = try #require(pages.first { !$0.markdown.contains("$") })
                let old = "<p>log<sub>2</sub>32, drawn before</p>"
                for page in [logarithms, plain] {
                    try await app.db.sql.update(TheoryPage.schema).set("html", to: SQLBind(old)).where("id", .equal, SQLBind(page.id!)).run()
                }
                try await RenderFormulasAgain().prepare(on: app.db)
                let redrawn = try #require(try await TheoryPage.find(logarithms.id, on: app.db)).html
                #expect(redrawn == TheoryMarkdown.render(logarithms.markdown).html && redrawn.contains("<msub><mi>log</mi>"))
                #expect(try await TheoryPage.find(plain.id, on: app.db)?.html == old, "no formula, nothing drawn")
            }
        }
    }
}
