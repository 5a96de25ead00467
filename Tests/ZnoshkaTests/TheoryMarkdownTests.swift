import Foundation
import Testing
@testable import Znoshka

extension ZnoshkaTests {
    /// Theory, explanations and solutions: Markdown with tables, pictures and formulas, and
    /// never a piece of raw HTML from the text.
    @Suite("Markdown")
    struct TheoryMarkdownTests {
        @Test("a page shows each table in its own labelled scrolling box and makes long formulas focusable")
        func fitsAPhone() {
            let html = TheoryMarkdown.render("Вступ\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nМіж\n\n| c |\n|---|\n| 3 |\n\n$x$ і $$\\log_2 1024 + \\log_3 81 + \\log_5 125 = 17$$").html
            let shown = ZnoshkaFormat.markdown(html, label: "Логарифми").rendered
            let box = #"<div class="table-scroll" tabindex="0" role="region" aria-label="Логарифми"><table>"#
            #expect(shown.components(separatedBy: box).count == 3, "both tables boxed: \(shown)")
            #expect(shown.components(separatedBy: "</table></div>").count == 3)
            #expect(shown.contains("<p>Вступ</p>") && shown.contains("<p>Між</p>"), "the text around stays")
            #expect(shown.components(separatedBy: "tabindex=\"0\"").count == 4, "the long formula is focusable, the short one not: \(shown)")
        }

        @Test("tables, emphasis, pictures and links as people write them")
        func markdown() {
            let table = TheoryMarkdown.render("| Відмінок | Питання |\n|---|---|\n| Називний | хто? що? |").html
            #expect(table.contains("<table>") && table.contains("<th>Відмінок</th>") && table.contains("<td>хто? що?</td>"))
            #expect(TheoryMarkdown.render("**Наголос** на *другий* склад").html == "<p><strong>Наголос</strong> на <em>другий</em> склад</p>")
            #expect(TheoryMarkdown.render("![Трикутник](/znoshka/pictures/1.png \"назва\")").html
                    .contains("<img src=\"/znoshka/pictures/1.png\" alt=\"Трикутник\" loading=\"lazy\">"))
            #expect(TheoryMarkdown.render("> Цитата").html == "<blockquote><p>Цитата</p></blockquote>")
            #expect(TheoryMarkdown.render("3 < 5, а 5 > 3").html == "<p>3 &lt; 5, а 5 &gt; 3</p>")
            #expect(TheoryMarkdown.render("[джерело](https://testportal.gov.ua/)").html
                    == "<p><a href=\"https://testportal.gov.ua/\" rel=\"nofollow noopener\">джерело</a></p>")
        }

        @Test("formulas: $…$ in a line, $$…$$ as a block, \\$ is a dollar; a broken one is shown as its source and listed")
        func formulas() {
            let line = TheoryMarkdown.render("Площа $S = \\pi r^2$, а не $2\\pi r$.")
            #expect(line.formulaErrors.isEmpty)
            #expect(line.html.hasPrefix("<p>Площа <math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mrow><mi>S</mi>"))
            #expect(line.html.components(separatedBy: "<math").count == 3)
            #expect(TheoryMarkdown.render("$$\\frac{a}{b}$$").html.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
            #expect(TheoryMarkdown.render("Ціна \\$5").html == "<p>Ціна $5</p>")
            #expect(TheoryMarkdown.render("один $ без пари").html == "<p>один $ без пари</p>")
            let broken = TheoryMarkdown.render("Ось $\\foo<b>$ і все")
            #expect(broken.formulaErrors.map(\.detail) == ["\\foo"])
            #expect(broken.html == "<p>Ось <code class=\"formula-error\">\\foo&lt;b&gt;</code> і все</p>")
        }

        @Test("no raw HTML, script address or unescaped attribute ever comes out of what a person types")
        func noHTMLThrough() {
            let attacks = [
                "<script>alert(1)</script>", "a <img src=x onerror=alert(1)> b", "<iframe src=\"https://evil\"></iframe>",
                "[x](javascript:alert(1))", "[x](JaVaScRiPt:alert(1))", "[x](data:text/html,<script>alert(1)</script>)",
                "[x](//evil.example/)", "[x](https://e\" onmouseover=\"alert(1))", "![p](x.png\" onerror=\"alert(1))",
                "![p](javascript:alert(1))", "![<img src=x onerror=alert(1)>](/a.png)", "**<u>x</u>**", "<https://example.com>",
                "`<b>`", "```\n<script>alert(1)</script>\n```", "$\\text{<script>alert(1)</script>}$", "> <svg onload=alert(1)>",
                "| <b>a</b> | b |\n|---|---|\n| <i>1</i> | 2 |", "&#60;script&#62;alert(1)&#60;/script&#62;",
            ]
            for attack in attacks {
                let html = TheoryMarkdown.render(attack).html
                let lower = html.lowercased()
                #expect(!lower.contains("<script") && !lower.contains("<img src=x") && !lower.contains("<iframe") && !lower.contains("<svg")
                        && !lower.contains("<u>") && !lower.contains("<b>") && !lower.contains("<i>"), "\(attack) → \(html)")
                #expect(!lower.contains("href=\"javascript:") && !lower.contains("src=\"javascript:") && !lower.contains("=\"data:")
                        && !lower.contains("href=\"//"), "\(attack) → \(html)")
                // In every real tag (a «<» of the text is «&lt;»), only known attributes, each a quoted value.
                for tag in html.matches(of: /<([a-z0-9]+)([^<>]*)>/) {
                    let rest = tag.output.2.replacing(/\s(href|src|alt|rel|loading|class|xmlns|display|width)="[^"<>]*"/, with: "")
                    #expect(rest.trimmingCharacters(in: .whitespaces).isEmpty || rest == "/", "\(attack) → \(html): <\(tag.output.1)\(tag.output.2)>")
                }
            }
        }
    }
}
