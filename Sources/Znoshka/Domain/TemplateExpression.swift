import Foundation

/// The arithmetic an author writes in a question template, `{{a*b - 3}}`: numbers (with a
/// decimal point), parameter names, `+ - * / ^ %`, parentheses, comparisons and `&& || !`
/// for a template's condition (true is 1, false 0), and the functions `sqrt`, `abs`,
/// `round(x, digits)`, `floor`, `ceil`, `min`, `max`, `log(base, x)`, `ln`, `lg`.
public indirect enum TemplateExpression: Sendable, Hashable {
    case number(Double)
    case name(String)
    case negate(TemplateExpression)
    case not(TemplateExpression)
    case binary(String, TemplateExpression, TemplateExpression)
    case call(String, [TemplateExpression])

    /// Why an expression does not read, or has no value for some numbers.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static let functions: [String: ClosedRange<Int>] = [
        "sqrt": 1...1, "abs": 1...1, "round": 1...2, "floor": 1...1, "ceil": 1...1, "min": 2...8, "max": 2...8,
        "log": 2...2, "ln": 1...1, "lg": 1...1,
    ]

    /// Longer than any author needs, short enough that nesting cannot exhaust the stack.
    static let maxLength = 300

    public static func parse(_ text: String) throws(Failure) -> TemplateExpression {
        guard text.count <= maxLength else { throw Failure(description: "longer than \(maxLength) characters") }
        var parser = Parser(tokens: try tokens(text))
        let expression = try parser.expression(precedence: 0)
        guard parser.index == parser.tokens.count else { throw Failure(description: "unexpected «\(parser.tokens[parser.index])»") }
        return expression
    }

    /// The parameter names the expression uses.
    public var names: Set<String> {
        switch self {
        case .number: []
        case .name(let name): [name]
        case .negate(let operand), .not(let operand): operand.names
        case .binary(_, let left, let right): left.names.union(right.names)
        case .call(_, let arguments): arguments.reduce(into: Set()) { $0.formUnion($1.names) }
        }
    }

    /// The value for the parameters' `values`; a failure where there is none (division by
    /// zero, a root of a negative number): that draw is not a variant.
    public func value(_ values: [String: Double]) throws(Failure) -> Double {
        let result: Double
        switch self {
        case .number(let number): result = number
        case .name(let name):
            guard let value = values[name] else { throw Failure(description: "unknown parameter \(name)") }
            result = value
        case .negate(let operand): result = -(try operand.value(values))
        case .not(let operand): result = try operand.value(values) == 0 ? 1 : 0
        case .binary(let symbol, let left, let right): result = try Self.apply(symbol, try left.value(values), try right.value(values))
        case .call(let name, let arguments):
            var numbers: [Double] = []
            for argument in arguments { numbers.append(try argument.value(values)) }
            result = try Self.call(name, numbers)
        }
        guard result.isFinite else { throw Failure(description: "no value") }
        return result
    }

    private static func apply(_ symbol: String, _ a: Double, _ b: Double) throws(Failure) -> Double {
        func truth(_ condition: Bool) -> Double { condition ? 1 : 0 }
        switch symbol {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/":
            guard b != 0 else { throw Failure(description: "division by zero") }
            return a / b
        case "%":
            guard b != 0 else { throw Failure(description: "division by zero") }
            return a.truncatingRemainder(dividingBy: b)
        case "^": return pow(a, b)
        case "==": return truth(TemplateNumber.same(a, b))
        case "!=": return truth(!TemplateNumber.same(a, b))
        case "<": return truth(a < b)
        case "<=": return truth(a <= b)
        case ">": return truth(a > b)
        case ">=": return truth(a >= b)
        case "&&": return truth(a != 0 && b != 0)
        default: return truth(a != 0 || b != 0)  // "||", the only operator left
        }
    }

    private static func call(_ name: String, _ x: [Double]) throws(Failure) -> Double {
        switch name {
        case "sqrt":
            guard x[0] >= 0 else { throw Failure(description: "root of a negative number") }
            return x[0].squareRoot()
        case "abs": return abs(x[0])
        case "round":
            let scale = pow(10, x.count > 1 ? x[1].rounded() : 0)
            return (x[0] * scale).rounded(.toNearestOrAwayFromZero) / scale
        case "floor": return x[0].rounded(.down)
        case "ceil": return x[0].rounded(.up)
        case "min": return x.min()!
        case "max": return x.max()!
        case "ln", "lg", "log":
            let (base, argument) = name == "log" ? (x[0], x[1]) : (name == "ln" ? M_E : 10, x[0])
            guard argument > 0, base > 0, base != 1 else { throw Failure(description: "logarithm out of its domain") }
            return log(argument) / log(base)
        default: throw Failure(description: "unknown function \(name)")
        }
    }

    // MARK: Reading

    private static let symbols = ["==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "^", "(", ")", ",", "<", ">", "!"]

    private static func tokens(_ text: String) throws(Failure) -> [String] {
        var tokens: [String] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
            } else if first.isASCII, first.isNumber || first == "." {
                let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
                tokens.append(String(number))
                rest = rest.dropFirst(number.count)
            } else if first.isASCII, first.isLetter {
                let word = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                tokens.append(String(word))
                rest = rest.dropFirst(word.count)
            } else if let symbol = symbols.first(where: { rest.hasPrefix($0) }) {
                tokens.append(symbol)
                rest = rest.dropFirst(symbol.count)
            } else {
                throw Failure(description: "unexpected «\(first)»")
            }
        }
        return tokens
    }

    /// Precedence climbing over the tokens; `^` binds right, the rest left.
    private struct Parser {
        let tokens: [String]
        var index = 0

        static let precedence: [String: Int] = [
            "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "^": 8,
        ]

        mutating func expression(precedence minimum: Int) throws(Failure) -> TemplateExpression {
            var left = try unary()
            while index < tokens.count, let precedence = Self.precedence[tokens[index]], precedence >= minimum {
                let symbol = tokens[index]
                index += 1
                let right = try expression(precedence: symbol == "^" ? precedence : precedence + 1)
                left = .binary(symbol, left, right)
            }
            return left
        }

        /// A minus or a not binds looser than `^` (so `-2^2` is −4) and tighter than the rest.
        mutating func unary() throws(Failure) -> TemplateExpression {
            guard index < tokens.count else { throw Failure(description: "an expression ends too early") }
            switch tokens[index] {
            case "-":
                index += 1
                return .negate(try expression(precedence: 7))
            case "!":
                index += 1
                return .not(try expression(precedence: 7))
            default:
                return try primary()
            }
        }

        mutating func primary() throws(Failure) -> TemplateExpression {
            let token = tokens[index]
            index += 1
            if token == "(" {
                let inner = try expression(precedence: 0)
                try expect(")")
                return inner
            }
            if let number = Double(token), token.first != "." || token.count > 1 {
                return .number(number)
            }
            guard let first = token.first, first.isLetter else { throw Failure(description: "unexpected «\(token)»") }
            guard index < tokens.count, tokens[index] == "(" else { return .name(token) }
            guard let arity = TemplateExpression.functions[token] else { throw Failure(description: "unknown function \(token)") }
            index += 1
            var arguments = [try expression(precedence: 0)]
            while index < tokens.count, tokens[index] == "," {
                index += 1
                arguments.append(try expression(precedence: 0))
            }
            try expect(")")
            guard arity.contains(arguments.count) else { throw Failure(description: "\(token) takes \(arity.lowerBound)–\(arity.upperBound) numbers") }
            return .call(token, arguments)
        }

        mutating func expect(_ token: String) throws(Failure) {
            guard index < tokens.count, tokens[index] == token else { throw Failure(description: "«\(token)» missing") }
            index += 1
        }
    }
}

/// Numbers as a template prints them: whole numbers as such, others with at most six
/// decimals and a decimal comma, as Ukrainian writes them (inside a formula `{,}`, which
/// `Formula` reads as the comma of one number).
public enum TemplateNumber {
    /// Equal once rounded as printed: 0.1 + 0.2 is 0.3.
    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 * max(1, abs(a), abs(b)) }

    /// `value` rounded to what is printed, as a point-decimal string (`-2.5`, `12`).
    static func plain(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    public static func text(_ value: Double, inFormula: Bool) -> String {
        let plain = plain(value)
        return inFormula ? plain.replacingOccurrences(of: ".", with: "{,}") : plain.replacingOccurrences(of: ".", with: ",")
    }
}
