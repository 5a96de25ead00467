import Foundation

/// The kinds of task the НМТ has, with what each needs (spec A's table). Options and
/// items are numbered from 0 in the order shown (А, Б, В, Г, Д; 1, 2, 3, 4).
public enum QuestionKind: Sendable, Hashable, Codable {
    /// One right option of 4 (А–Г) or 5 (А–Д): 1 point.
    case singleChoice(options: Int)
    /// «Логічні пари»: 3 or 4 prompts, each matched to one of 5 options: 1 point per right pair.
    case matching(prompts: Int, options: Int)
    /// Four events or steps put in order: 3 for the whole order, 2 when the first and the
    /// last are right, 1 when only the first or only the last is.
    case sequence(items: Int)
    /// Three right of seven: 1 point per right choice.
    case chooseThree(options: Int)
    /// A number typed in: 2 points or 0.
    case shortNumeric

    /// The most a question of this kind scores.
    public var maxPoints: Int {
        switch self {
        case .singleChoice: 1
        case .matching(let prompts, _): prompts
        case .sequence: 3
        case .chooseThree: 3
        case .shortNumeric: 2
        }
    }
}

/// The right answer of a question, in the shape of its kind.
public enum AnswerKey: Sendable, Hashable, Codable {
    case option(Int)
    /// For each prompt, its option.
    case pairs([Int])
    /// The items in the right order.
    case order([Int])
    case options(Set<Int>)
    /// The value, and how far from it an answer may be (0: exactly).
    case number(Decimal, tolerance: Decimal)
}

/// What a person answered, as saved while they take the test.
public enum GivenAnswer: Sendable, Equatable, Codable {
    case option(Int)
    /// For each prompt, the option chosen, or nil where none is yet.
    case pairs([Int?])
    /// Which item is in each place; nil where the place is still empty.
    case order([Int?])
    case options(Set<Int>)
    /// As typed: «2,5», «-3», «0.25».
    case number(String)
}

/// How a question was answered: its points of its most, and in words.
public struct QuestionScore: Sendable, Equatable {
    public let points: Int
    public let maxPoints: Int

    public enum Verdict: String, Sendable { case right, partly, wrong, unanswered }
    public let verdict: Verdict
}

/// Scores answers exactly as the НМТ does (spec A; zno.osvita.ua for sequences).
public enum Scoring {
    public static func score(_ answer: GivenAnswer?, key: AnswerKey, kind: QuestionKind) -> QuestionScore {
        let most = kind.maxPoints
        guard let answer else { return QuestionScore(points: 0, maxPoints: most, verdict: .unanswered) }
        let points = min(most, max(0, rawPoints(answer, key: key)))
        let verdict: QuestionScore.Verdict = points == most ? .right : points > 0 ? .partly : .wrong
        return QuestionScore(points: points, maxPoints: most, verdict: verdict)
    }

    private static func rawPoints(_ answer: GivenAnswer, key: AnswerKey) -> Int {
        switch (answer, key) {
        case (.option(let given), .option(let right)):
            return given == right ? 1 : 0
        case (.pairs(let given), .pairs(let right)):
            return zip(given, right).filter { $0.0 == $0.1 }.count
        case (.order(let given), .order(let right)):
            return sequencePoints(given, right)
        case (.options(let given), .options(let right)):
            // The answer sheet has three marks: a fourth is not a way to more points.
            return given.count > right.count ? 0 : given.intersection(right).count
        case (.number(let typed), .number(let right, let tolerance)):
            guard let value = NumericAnswer.parse(typed) else { return 0 }
            return abs(value - right) <= tolerance ? 2 : 0
        default:
            return 0
        }
    }

    /// 3 for the whole order; 2 for the first and the last; 1 for one of them.
    static func sequencePoints(_ given: [Int?], _ right: [Int]) -> Int {
        guard given.count == right.count, let first = right.first, let last = right.last else { return 0 }
        if given == right.map(Optional.some) { return 3 }
        switch (given.first == first, given.last == last) {
        case (true, true): return 2
        case (true, false), (false, true): return 1
        case (false, false): return 0
        }
    }
}

/// A number as people type it in a short-answer cell, and as the task prints it: an
/// optional minus (a hyphen or the typographic «−»), digits — in groups of three after the
/// first when spaced («12 100», with any of the spaces a keyboard or a copied task gives) —
/// and a decimal comma or point. Nothing else (no fractions, exponents, stray spaces).
public enum NumericAnswer {
    /// The spaces that may separate thousands: a space, a no-break space, a narrow
    /// no-break space (what the exam's papers and our pages print) and a thin space.
    static let thousandsSeparators: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]

    public static func parse(_ typed: String) -> Decimal? {
        var text = String(typed.trimmingCharacters(in: .whitespaces).map { thousandsSeparators.contains($0) ? " " : $0 })
        if text.first == "\u{2212}" { text = "-" + text.dropFirst() }
        text = text.replacingOccurrences(of: ",", with: ".")
        guard text.wholeMatch(of: /-?(\d{1,12}|\d{1,3}( \d{3}){1,3})(\.\d{1,8})?/) != nil else { return nil }
        return Decimal(string: text.replacingOccurrences(of: " ", with: ""), locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension QuestionKind {
    /// The kind's name in the test file format (`single`, `matching`, `sequence`, `choose3`, `number`).
    public var fileType: String {
        switch self {
        case .singleChoice: "single"
        case .matching: "matching"
        case .sequence: "sequence"
        case .chooseThree: "choose3"
        case .shortNumeric: "number"
        }
    }

    /// How many options a task of this kind lists (4 for А–Г, 5 for А–Д); nil for a number.
    public var optionCount: Int? {
        switch self {
        case .singleChoice(let options), .matching(_, let options), .chooseThree(let options): options
        case .sequence(let items): items
        case .shortNumeric: nil
        }
    }
}
