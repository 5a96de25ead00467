import Foundation
import Ink
import Kernel

/// Markdown as Znoshka shows it — theory pages, explanations, users' solutions — with
/// tables, pictures and formulas (`$…$` in a line, `$$…$$` on its own; `\$` is a dollar).
/// Raw HTML never reaches a page: Ink passes it through, and builds `href` and `src`
/// without escaping quotes, so `<` is escaped before Ink reads the text, and links
/// and pictures are rebuilt here from their Markdown with only http(s) and site-relative
/// addresses allowed.
public enum TheoryMarkdown {
    public struct Rendered: Sendable, Equatable {
        public let html: String
        /// Formulas outside the subset, in order: shown as their source, listed for the author.
        public let formulaErrors: [Formula.Failure]
    }

    public static func render(_ markdown: String) -> Rendered {
        var formulas: [(latex: String, block: Bool)] = []
        let text = extractFormulas(from: markdown) { latex, block in
            formulas.append((latex, block))
            return token(formulas.count - 1)
        }
        // An entity Ink leaves alone: the text shows «<», a browser reads no tag. («>» opens
        // no tag, and starts a quotation in Markdown.)
        let escaped = text.replacingOccurrences(of: "<", with: "&lt;")
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .links) { _, markdown in link(String(markdown)) })
        parser.addModifier(Modifier(target: .images) { _, markdown in image(String(markdown)) })
        var html = parser.html(from: escaped)
        var errors: [Formula.Failure] = []
        for (index, formula) in formulas.enumerated() {
            let drawn: String
            do {
                drawn = try Formula.mathML(formula.latex, block: formula.block)
            } catch {
                errors.append(error)
                drawn = "<code class=\"formula-error\">\(HTML.escape(formula.latex))</code>"
            }
            html = html.replacingOccurrences(of: token(index), with: drawn)
        }
        return Rendered(html: html, formulaErrors: errors)
    }

    /// One line (an option, an item to order): its Markdown without the paragraph around it.
    public static func renderInline(_ markdown: String) -> String {
        let html = render(markdown).html.trimmingCharacters(in: .whitespacesAndNewlines)
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>"), html.components(separatedBy: "<p>").count == 2 else { return html }
        return String(html.dropFirst(3).dropLast(4))
    }

    /// A formula's place while Ink reads the text: private-use characters nobody types.
    static func token(_ index: Int) -> String { "\u{F8FE}\(index)\u{F8FF}" }

    /// The text with each `$$…$$` and `$…$` replaced by what `replace` returns; `\$` is a dollar.
    static func extractFormulas(from text: String, _ replace: (String, Bool) -> String) -> String {
        let characters = Array(text.replacingOccurrences(of: "\u{F8FE}", with: "").replacingOccurrences(of: "\u{F8FF}", with: ""))
        var out = "", index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1] == "$" {
                out.append("$")
                index += 2
                continue
            }
            guard character == "$" else { out.append(character); index += 1; continue }
            let block = index + 1 < characters.count && characters[index + 1] == "$"
            let opening = block ? 2 : 1
            guard let end = closing(characters, from: index + opening, block: block) else {
                out.append(character)
                index += 1
                continue
            }
            out += replace(String(characters[(index + opening)..<end]), block)
            index = end + opening
        }
        return out
    }

    /// Where the formula opened before `start` closes, on the same line for `$…$`.
    private static func closing(_ characters: [Character], from start: Int, block: Bool) -> Int? {
        var index = start
        while index < characters.count {
            let character = characters[index]
            if !block, character.isNewline { return nil }
            if character == "\\" { index += 2; continue }
            if character == "$" {
                if !block { return index > start ? index : nil }
                if index + 1 < characters.count, characters[index + 1] == "$" { return index > start ? index : nil }
            }
            index += 1
        }
        return nil
    }

    // MARK: Links and pictures

    /// `[text](address "title")` as read from the Markdown.
    static func parts(_ markdown: String, image: Bool) -> (text: String, address: String)? {
        let body = image ? markdown.dropFirst() : Substring(markdown)
        guard body.hasPrefix("["), let split = body.range(of: "](", options: .backwards), body.hasSuffix(")") else { return nil }
        let text = String(body[body.index(after: body.startIndex)..<split.lowerBound])
        var address = String(body[split.upperBound..<body.index(before: body.endIndex)]).trimmingCharacters(in: .whitespaces)
        if let space = address.firstIndex(of: " ") { address = String(address[..<space]) }  // a title is dropped
        return (text, address)
    }

    /// Only the web's own addresses: https, http and the site's paths (not `//host`).
    static func isAllowed(_ address: String) -> Bool {
        let lower = address.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return true }
        return address.hasPrefix("/") && !address.hasPrefix("//") || address.hasPrefix("#")
    }

    static func link(_ markdown: String) -> String {
        guard let (text, address) = parts(markdown, image: false) else { return HTML.escape(markdown) }
        // The text was escaped already; Ink's inline styles inside it are drawn again here.
        let label = inline(text)
        guard isAllowed(address) else { return label }
        return "<a href=\"\(HTML.escape(address))\" rel=\"nofollow noopener\">\(label)</a>"
    }

    static func image(_ markdown: String) -> String {
        guard let (alt, address) = parts(markdown, image: true), isAllowed(address) else { return "" }
        // The alternative text was escaped for Ink already: escaped once, for the attribute.
        let plain = alt.replacingOccurrences(of: "&lt;", with: "<")
        return "<img src=\"\(HTML.escape(address))\" alt=\"\(HTML.escape(plain))\" loading=\"lazy\">"
    }

    /// A link's text as Ink draws a line, without the paragraph around it.
    private static func inline(_ text: String) -> String {
        let html = MarkdownParser().html(from: text)
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>") else { return html }
        return String(html.dropFirst(3).dropLast(4))
    }
}
