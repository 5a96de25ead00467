import Foundation
import Kernel

/// Formulas in a small LaTeX subset, drawn as MathML, which Chromium and Safari render
/// natively — no JavaScript maths library. Fractions (`\frac{a}{b}`), roots (`\sqrt{x}`,
/// `\sqrt[3]{x}`), powers and indices (`x^2`, `a_{n+1}`, `x_1^2`), Greek letters
/// (`\alpha`, `\Delta`), common operators (`\cdot \times \div \pm \le \ge \ne \approx
/// \infty \degree \angle \perp \parallel \in \cup \cap`), functions (`\sin \log`), `\text{…}`
/// and spacing. Every character of the source reaches the page escaped; anything outside
/// the subset is an error that says where, so an author fixes it before it is saved.
public enum Formula {
    public struct Failure: Error, Equatable, Sendable {
        /// What is wrong, for a message («невідома команда \foo»), and the offset in the source.
        public enum Reason: String, Sendable { case unknownCommand, unbalancedBraces, missingArgument, tooDeep, tooLong, emptyScript }
        public let reason: Reason
        public let offset: Int
        public let detail: String
    }

    public static let maxLength = 2000
    static let maxDepth = 24

    /// The `<math>` element for `latex`; `block` for a formula on its own line.
    public static func mathML(_ latex: String, block: Bool = false) throws(Failure) -> String {
        guard latex.count <= maxLength else { throw Failure(reason: .tooLong, offset: maxLength, detail: String(maxLength)) }
        var parser = Parser(Array(latex))
        let body = try parser.expression(until: nil, depth: 0)
        let display = block ? " display=\"block\"" : ""
        return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"\(display)><mrow>\(body)</mrow></math>"
    }

    static let greek: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ", "eta": "η",
        "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ",
        "sigma": "σ", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    ]
    static let operators: [String: String] = [
        "cdot": "·", "times": "×", "div": "÷", "pm": "±", "mp": "∓", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥",
        "ne": "≠", "neq": "≠", "approx": "≈", "equiv": "≡", "infty": "∞", "degree": "°", "circ": "∘", "angle": "∠", "perp": "⊥",
        "parallel": "∥", "in": "∈", "notin": "∉", "cup": "∪", "cap": "∩", "subset": "⊂", "emptyset": "∅", "to": "→",
        "Rightarrow": "⇒", "Leftrightarrow": "⇔", "ldots": "…", "dots": "…", "triangle": "△", "sum": "∑", "lbrace": "{", "rbrace": "}",
    ]
    static let functions: Set<String> = ["sin", "cos", "tan", "tg", "ctg", "cot", "arcsin", "arccos", "arctan", "arctg", "log", "lg", "ln", "lim", "max", "min"]
    static let spaces: [String: String] = [",": "0.17em", ";": "0.28em", "quad": "1em", "qquad": "2em", " ": "0.28em"]

    struct Parser {
        let source: [Character]
        var index = 0

        init(_ source: [Character]) { self.source = source }

        /// Atoms with their scripts until `closing` (or the end when nil).
        mutating func expression(until closing: Character?, depth: Int) throws(Failure) -> String {
            guard depth <= Formula.maxDepth else { throw Failure(reason: .tooDeep, offset: index, detail: "") }
            var out = ""
            while true {
                skipSpaces()
                guard index < source.count else {
                    if let closing { throw Failure(reason: .unbalancedBraces, offset: index, detail: String(closing)) }
                    return out
                }
                if source[index] == closing { index += 1; return out }
                if source[index] == "}" { throw Failure(reason: .unbalancedBraces, offset: index, detail: "}") }
                out += try scripted(depth: depth)
            }
        }

        /// An atom and its `^` and `_`: `msup`, `msub` or `msubsup`.
        mutating func scripted(depth: Int) throws(Failure) -> String {
            let base = try atom(depth: depth)
            var sub: String?, sup: String?
            while true {
                skipSpaces()
                guard index < source.count, source[index] == "^" || source[index] == "_" else { break }
                let isSup = source[index] == "^"
                index += 1
                skipSpaces()
                guard index < source.count, source[index] != "}" else { throw Failure(reason: .emptyScript, offset: index, detail: isSup ? "^" : "_") }
                let script = try atom(depth: depth + 1)
                if isSup { sup = script } else { sub = script }
            }
            switch (sub, sup) {
            case let (sub?, sup?): return "<msubsup>\(base)\(sub)\(sup)</msubsup>"
            case let (sub?, nil): return "<msub>\(base)\(sub)</msub>"
            case let (nil, sup?): return "<msup>\(base)\(sup)</msup>"
            case (nil, nil): return base
            }
        }

        mutating func atom(depth: Int) throws(Failure) -> String {
            let character = source[index]
            switch character {
            case "{":
                index += 1
                return "<mrow>\(try expression(until: "}", depth: depth + 1))</mrow>"
            case "\\":
                return try command(depth: depth)
            case _ where character.isNumber:
                var number = ""
                while index < source.count, source[index].isNumber || (source[index] == "."
                        && index + 1 < source.count && source[index + 1].isNumber && !number.isEmpty) {
                    number.append(source[index])
                    index += 1
                }
                return "<mn>\(escape(number))</mn>"
            case _ where character.isLetter:
                index += 1
                return "<mi>\(escape(String(character)))</mi>"
            default:
                index += 1
                return "<mo>\(escape(String(character)))</mo>"
            }
        }

        mutating func command(depth: Int) throws(Failure) -> String {
            let start = index
            index += 1
            guard index < source.count else { throw Failure(reason: .unknownCommand, offset: start, detail: "\\") }
            var name = ""
            if source[index].isLetter {
                while index < source.count, source[index].isLetter { name.append(source[index]); index += 1 }
            } else {
                name = String(source[index])
                index += 1
            }
            switch name {
            case "frac":
                let numerator = try argument(depth: depth), denominator = try argument(depth: depth)
                return "<mfrac><mrow>\(numerator)</mrow><mrow>\(denominator)</mrow></mfrac>"
            case "sqrt":
                skipSpaces()
                if index < source.count, source[index] == "[" {
                    index += 1
                    let degree = try expression(until: "]", depth: depth + 1)
                    return "<mroot><mrow>\(try argument(depth: depth))</mrow><mrow>\(degree)</mrow></mroot>"
                }
                return "<msqrt>\(try argument(depth: depth))</msqrt>"
            case "text":
                return "<mtext>\(escape(try rawArgument()))</mtext>"
            case "left", "right":
                return ""
            case "{", "}", "%", "$", "&", "#", "_", "\\":
                return "<mo>\(escape(name))</mo>"
            default:
                if let letter = Formula.greek[name] { return "<mi>\(letter)</mi>" }
                if let symbol = Formula.operators[name] { return "<mo>\(symbol)</mo>" }
                if Formula.functions.contains(name) { return "<mi>\(name)</mi><mo>&#x2061;</mo>" }
                if let width = Formula.spaces[name] { return "<mspace width=\"\(width)\"/>" }
                throw Failure(reason: .unknownCommand, offset: start, detail: "\\" + name)
            }
        }

        /// `{…}` after a command, drawn.
        mutating func argument(depth: Int) throws(Failure) -> String {
            skipSpaces()
            guard index < source.count, source[index] == "{" else { throw Failure(reason: .missingArgument, offset: index, detail: "{") }
            index += 1
            return try expression(until: "}", depth: depth + 1)
        }

        /// `{…}` taken as written (`\text`), braces inside balanced.
        mutating func rawArgument() throws(Failure) -> String {
            skipSpaces()
            guard index < source.count, source[index] == "{" else { throw Failure(reason: .missingArgument, offset: index, detail: "{") }
            index += 1
            var level = 1, text = ""
            while index < source.count {
                let character = source[index]
                index += 1
                if character == "{" { level += 1 } else if character == "}" { level -= 1; if level == 0 { return text } }
                text.append(character)
            }
            throw Failure(reason: .unbalancedBraces, offset: index, detail: "}")
        }

        mutating func skipSpaces() {
            while index < source.count, source[index].isWhitespace { index += 1 }
        }

        func escape(_ text: String) -> String { HTML.escape(text) }
    }
}
