import Foundation

/// Orders text as a language's alphabet does, for every list shown to people.
///
/// Swift's `<` compares Unicode code points, and the Cyrillic block is not in Ukrainian
/// alphabetical order: «Івано-Франківськ» (І, U+0406) came before «Вінниця» (В, U+0412),
/// and ґ, є, і, ї sort after я. Foundation's locale-aware comparison depends on the ICU
/// data of the platform it runs on, so the order is spelled out here instead: the
/// Ukrainian alphabet (а б в г ґ д е є ж з и і ї й к л м н о п р с т у ф х ц ч ш щ ь ю я)
/// and the Latin one, the person's own script first. Case, apostrophes and hyphens count
/// only to break ties, as in a dictionary; digits come before letters, other characters
/// after them by code point.
public struct Collation: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    static let ukrainian = Array("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя")
    static let latin = Array("abcdefghijklmnopqrstuvwxyz")
    /// Ignored at the first level: «Мар'яна» sorts with «Марʼяна» and «Марянa».
    static let ignorable: Set<Character> = ["'", "’", "ʼ", "-", "‐", "\u{00AD}"]

    private static func ranks(_ letters: [Character], from start: UInt32) -> [Character: UInt32] {
        Dictionary(uniqueKeysWithValues: letters.enumerated().map { ($0.element, start + UInt32($0.offset)) })
    }

    // Digits 10…19, the person's script from 100, the other from 200. Made once: a list of
    // twenty names sorted compares some hundred keys, and building the table for each was
    // most of the statistics page's time (bench/README.md, "Statistics").
    private static let latinFirst = ranks(latin, from: 100).merging(ranks(ukrainian, from: 200)) { a, _ in a }
    private static let ukrainianFirst = ranks(ukrainian, from: 100).merging(ranks(latin, from: 200)) { a, _ in a }

    private var letterRanks: [Character: UInt32] { language == .en ? Self.latinFirst : Self.ukrainianFirst }

    /// The key that orders `text`: compare keys to compare texts.
    public func key(_ text: String) -> [UInt32] {
        let ranks = letterRanks
        var key: [UInt32] = []
        key.reserveCapacity(text.count + 1)
        for character in text.lowercased() where !Self.ignorable.contains(character) {
            if character.isWhitespace {
                key.append(1)  // word by word: «Іван Франко» before «Іванів»
            } else if let digit = character.wholeNumberValue, character.isASCII {
                key.append(10 + UInt32(digit))
            } else if let rank = ranks[character] {
                key.append(rank)
            } else {
                key.append(1_000 + (character.unicodeScalars.first?.value ?? 0))
            }
        }
        return key
    }

    /// Whether `a` comes before `b`; texts equal at the first level are ordered by their
    /// code points (so uppercase and apostrophes decide last, and the order is total).
    public func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let (ka, kb) = (key(a), key(b))
        if ka != kb { return ka.lexicographicallyPrecedes(kb) }
        return a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }
}

extension Sequence {
    /// The elements in `language`'s alphabetical order of `name`.
    public func sorted(byName name: (Element) -> String, in language: Language) -> [Element] {
        let collation = Collation(language)
        return map { (key: collation.key(name($0)), name: name($0), element: $0) }
            .sorted { a, b in
                if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
                return a.name.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.name.unicodeScalars.map(\.value))
            }
            .map(\.element)
    }
}
