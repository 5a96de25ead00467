import Foundation
import Kernel

/// Formulas in a small LaTeX subset, drawn as MathML, which Chromium and Safari render
/// natively — no JavaScript maths library. Fractions (`\frac{a}{b}`), roots (`\sqrt{x}`,
/// `\sqrt[3]{x}`), powers and indices (`x^2`, `a_{n+1}`, `x_1^2`), Greek letters
/// (`\alpha`, `\Delta`), common operators (`\cdot \times \div \pm \le \ge \ne \approx
/// \infty \degree \angle \perp \parallel \in \cup \cap`), functions (`\sin \log`, with their own
/// scripts: `\log_2`, `\sin^2`, `\lim_{x\to0}`), `\text{…}` and spacing. Every character of the source reaches the page escaped; anything outside
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
    static let functions: Set<String> = ["sin", "cos", "tan", "tg", "ctg", "cot", "arcsin", "arccos", "arctan", "arctg", "log", "lg", "ln"]
    /// Functions whose scripts are written under and over them (`\lim_{x\to0}`).
    static let functionsWithLimits: Set<String> = ["lim", "max", "min"]
    /// Operators whose scripts are limits (`\sum_{i=1}^{n}`); MathML Core moves them to
    /// the side in a formula within a line.
    static let largeOperators: Set<String> = ["sum"]
    /// U+2061 FUNCTION APPLICATION: tells a reader that `sin x` is sin of x, after the
    /// function's name and its scripts (never inside them: a script has exactly two children).
    static let applyFunction = "<mo>&#x2061;</mo>"
    /// The thin space TeX leaves between a function and its argument («lg b», not «lgb»);
    /// none before a bracket («sin(x)»).
    static let thinSpace = "<mspace width=\"0.17em\"/>"

    /// What an atom is, for where its scripts go and what follows them.
    enum Role {
        case ordinary, function, functionWithLimits, largeOperator

        var scriptsUnderAndOver: Bool { self == .functionWithLimits || self == .largeOperator }
        var isFunction: Bool { self == .function || self == .functionWithLimits }
    }

    struct Atom {
        let markup: String
        var role = Role.ordinary
    }
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

        /// An atom and its `^` and `_`: `msup`, `msub` or `msubsup` (`mover`, `munder` or
        /// `munderover` for limits), then the apply-function operator after a function.
        mutating func scripted(depth: Int) throws(Failure) -> String {
            let base = try atom(depth: depth)
            let scripted = try scripts(of: base, depth: depth)
            guard base.role.isFunction else { return scripted }
            skipSpaces()
            return scripted + Formula.applyFunction + (opensBracket ? "" : Formula.thinSpace)
        }

        /// Whether what comes next is a bracket (`(`, `[`, `\left`), or the end.
        var opensBracket: Bool {
            guard index < source.count else { return true }
            return source[index] == "(" || source[index] == "[" || source[index...].starts(with: "\\left")
        }

        mutating func scripts(of atom: Atom, depth: Int) throws(Failure) -> String {
            let base = atom.markup
            var sub: String?, sup: String?
            while true {
                skipSpaces()
                guard index < source.count, source[index] == "^" || source[index] == "_" else { break }
                let isSup = source[index] == "^"
                index += 1
                skipSpaces()
                guard index < source.count, source[index] != "}" else { throw Failure(reason: .emptyScript, offset: index, detail: isSup ? "^" : "_") }
                let script = try self.atom(depth: depth + 1).markup
                if isSup { sup = script } else { sub = script }
            }
            if atom.role.scriptsUnderAndOver {
                switch (sub, sup) {
                case let (under?, over?): return "<munderover>\(base)\(under)\(over)</munderover>"
                case let (under?, nil): return "<munder>\(base)\(under)</munder>"
                case let (nil, over?): return "<mover>\(base)\(over)</mover>"
                case (nil, nil): return base
                }
            }
            switch (sub, sup) {
            case let (sub?, sup?): return "<msubsup>\(base)\(sub)\(sup)</msubsup>"
            case let (sub?, nil): return "<msub>\(base)\(sub)</msub>"
            case let (nil, sup?): return "<msup>\(base)\(sup)</msup>"
            case (nil, nil): return base
            }
        }

        /// Whether `{,}` followed by a digit starts at `position`.
        func decimalComma(at position: Int) -> Bool {
            position + 3 < source.count && source[position] == "{" && source[position + 1] == "," && source[position + 2] == "}"
                && source[position + 3].isNumber
        }

        mutating func atom(depth: Int) throws(Failure) -> Atom {
            let character = source[index]
            switch character {
            case "{":
                index += 1
                return Atom(markup: "<mrow>\(try expression(until: "}", depth: depth + 1))</mrow>")
            case "\\":
                return try command(depth: depth)
            case _ where character.isNumber:
                var number = ""
                while index < source.count {
                    if source[index].isNumber || (source[index] == "." && index + 1 < source.count && source[index + 1].isNumber && !number.isEmpty) {
                        number.append(source[index])
                        index += 1
                    } else if decimalComma(at: index) {
                        // `2{,}5`: LaTeX's way to write a decimal comma, one number as Ukrainian writes it.
                        number.append(",")
                        index += 3
                    } else {
                        break
                    }
                }
                return Atom(markup: "<mn>\(escape(number))</mn>")
            case _ where character.isLetter:
                index += 1
                return Atom(markup: "<mi>\(escape(String(character)))</mi>")
            default:
                index += 1
                return Atom(markup: "<mo>\(escape(String(character)))</mo>")
            }
        }

        /// `\name` and its arguments.
        mutating func command(depth: Int) throws(Failure) -> Atom {
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
            let markup = try commandMarkup(name, start: start, depth: depth)
            if Formula.functions.contains(name) { return Atom(markup: markup, role: .function) }
            if Formula.functionsWithLimits.contains(name) { return Atom(markup: markup, role: .functionWithLimits) }
            if Formula.largeOperators.contains(name) { return Atom(markup: markup, role: .largeOperator) }
            return Atom(markup: markup)
        }

        mutating func commandMarkup(_ name: String, start: Int, depth: Int) throws(Failure) -> String {
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
                if Formula.functions.contains(name) || Formula.functionsWithLimits.contains(name) { return "<mi>\(name)</mi>" }
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
