import Foundation
import Kernel

/// Formatting shared by the API and the views.
enum ZnoshkaFormat {
    /// Minutes after midnight as `HH:MM`.
    static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// Whole days from the person's today to their exam day (nil without one, 0 on the day).
    static func daysToExam(_ student: Student, now: Date) -> Int? {
        guard let exam = student.profile.exam else { return nil }
        return max(0, exam.daysSinceEpoch - LocalDay(now, in: student.timeZone).daysSinceEpoch)
    }

    /// «А», «Б»… for an option's index.
    static func letter(_ index: Int) -> String { TestFile.letter(index) }

    /// What a test's threshold and 100–200 scale rest on, said under them: an НМТ
    /// simulation's threshold is the official one (the rest of its table our estimate until
    /// an administrator imports the official table, named then with its year); a topic or
    /// mixed test has no official threshold at all.
    static func tableNote(_ test: ZnoshkaTest, _ l: Localizer) -> HTML {
        if test.kind != AuthoredTest.Kind.simulation.rawValue { return H.p(.class("hint")) { l.text("zn.test.table_ours") } }
        if test.official, let year = test.tableYear {
            return H.p(.class("hint")) { l.text("zn.test.table_official", ["year": String(year), "source": test.tableSource ?? ""]) }
        }
        if test.official { return .empty }
        return H.p(.class("hint")) { l.text("zn.test.table_estimate") }
    }

    /// A finished attempt's score as the result pages show it: the 100–200 result or «не
    /// склав» with the threshold, the raw points, a note when time ran out, and whose table
    /// it is.
    static func score(_ attempt: Attempt, of test: ZnoshkaTest, _ l: Localizer) -> HTML {
        HTMLBuilder.join([
            attempt.passed == true && attempt.scaled != nil
                ? H.p(.class("score")) { l.text("zn.result.scaled", ["score": String(attempt.scaled!)]) }
                : HTMLBuilder.join([H.p(.class("score not-passed")) { l.text("zn.result.not_passed") },
                                    H.p { l.text("zn.result.threshold", ["threshold": String(test.threshold)]) }]),
            H.p { l.text("zn.result.raw", ["raw": String(attempt.rawPoints ?? 0), "max": String(attempt.maxPoints)]) },
            attempt.finishedHow == AttemptService.FinishedHow.timeout.rawValue ? H.p(.class("hint")) { l.text("zn.result.timeout") } : .empty,
            tableNote(test, l),
        ])
    }

    /// A share as a whole percentage: «73 %».
    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded())) %" }

    /// Markdown's HTML as a page shows it: each table in the kernel's `tableScroll` box
    /// named `label`, and each long formula reachable from the keyboard (`formulas`), so
    /// that a table or formula wider than the phone scrolls inside its own box (znoshka.css)
    /// instead of widening the page. `html` comes from `TheoryMarkdown`, which lets no raw
    /// HTML through: every `<table>` and `<math` in it is one the Markdown made.
    static func markdown(_ html: String, label: String) -> HTML {
        var parts = html.components(separatedBy: "<table>")
        var out = parts.removeFirst()
        for part in parts {
            guard let end = part.range(of: "</table>") else {
                out += "<table>" + part
                continue
            }
            let table = "<table>" + String(part[..<end.upperBound])
            out += Components.tableScroll(label: label) { HTML(unsafeRaw: table) }.rendered + String(part[end.upperBound...])
        }
        return formulas(out)
    }

    /// Formulas as a page shows them: MathML does not wrap, so a formula wider than its line
    /// scrolls inside itself (znoshka.css); one that may be wider than a 320 px phone's line
    /// (`longFormula` characters shown or more) can be focused, to scroll it from the
    /// keyboard. `html` comes from `TheoryMarkdown` (see `markdown`).
    static func formulas(_ html: String) -> HTML {
        let opening = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\""
        var parts = html.components(separatedBy: opening)
        var out = parts.removeFirst()
        for part in parts {
            let formula = part.range(of: "</math>").map { String(part[..<$0.lowerBound]) } ?? part
            out += opening + (shownCharacters(formula) >= longFormula ? " tabindex=\"0\"" : "") + part
        }
        return HTML(unsafeRaw: out)
    }

    /// About as many characters as fit a formula's line on a 320 px phone.
    static let longFormula = 16

    /// The characters a formula shows: its MathML (from inside its opening tag) without tags.
    static func shownCharacters(_ mathML: String) -> Int {
        var count = 0, inTag = true
        for character in mathML {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                count += 1
            }
        }
        return count
    }

    /// Seconds as `H:MM:SS` or `MM:SS`.
    static func timer(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%02d:%02d", minutes, rest)
    }
}
