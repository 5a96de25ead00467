import Foundation

/// The strings one module shows to people, in every language.
///
/// Each language is its own table so that a missing translation is a visible
/// gap that `Catalog.problems()` (and the test that calls it) reports, rather
/// than something the type system papers over.
///
/// Plural forms are keys with a `#form` suffix: Ukrainian needs `#one`, `#few`
/// and `#many`, English `#one` and `#other`.
/// Placeholders are written `{name}` and must match across languages.
public struct Catalog: Sendable {
    public let name: String
    public let tables: [Language: [String: String]]

    public init(name: String, uk: [String: String], en: [String: String]) {
        self.name = name
        self.tables = [.uk: uk, .en: en]
    }

    public func lookup(_ key: String, in language: Language) -> String? {
        tables[language]?[key]
    }

    /// Everything wrong with the catalog: keys missing in a language, plural forms missing,
    /// placeholders that differ between languages. Empty when the catalog is complete.
    public func problems() -> [String] {
        var problems: [String] = []
        let baseKeys = Dictionary(grouping: Language.allCases.flatMap { language in
            (tables[language] ?? [:]).keys.map { (Catalog.baseKey($0), language) }
        }, by: \.0).mapValues { Set($0.map(\.1)) }

        for (key, languages) in baseKeys.sorted(by: { $0.key < $1.key }) {
            for language in Language.allCases where !languages.contains(language) {
                problems.append("\(name): '\(key)' is missing in \(language.rawValue)")
            }
            for language in Language.allCases where languages.contains(language) {
                problems += pluralProblems(key: key, language: language)
            }
            let placeholderSets = Set(Language.allCases.compactMap { placeholders(ofBaseKey: key, in: $0) })
            if placeholderSets.count > 1 {
                problems.append("\(name): '\(key)' has different placeholders across languages: \(placeholderSets.map { $0.sorted() })")
            }
        }
        return problems
    }

    static func baseKey(_ key: String) -> String {
        key.split(separator: "#", maxSplits: 1).first.map(String.init) ?? key
    }

    private func pluralProblems(key: String, language: Language) -> [String] {
        let table = tables[language] ?? [:]
        if table[key] != nil { return [] }
        return PluralForm.forms(for: language)
            .filter { table["\(key)#\($0.rawValue)"] == nil }
            .map { "\(name): '\(key)' lacks plural form '\($0.rawValue)' in \(language.rawValue)" }
    }

    private func placeholders(ofBaseKey key: String, in language: Language) -> Set<String>? {
        let table = tables[language] ?? [:]
        let texts = table.filter { Catalog.baseKey($0.key) == key }.map(\.value)
        guard !texts.isEmpty else { return nil }
        return texts.reduce(into: Set<String>()) { $0.formUnion(Catalog.placeholders(in: $1)) }
    }

    static func placeholders(in text: String) -> Set<String> {
        var names = Set<String>()
        var current: String?
        for character in text {
            if character == "{" { current = "" }
            else if character == "}", let name = current { names.insert(name); current = nil }
            else if current != nil { current! .append(character) }
        }
        return names
    }
}

/// CLDR plural categories for the languages we speak.
public enum PluralForm: String, Sendable {
    case one, few, many, other

    public static func forms(for language: Language) -> [PluralForm] {
        switch language {
        case .uk: [.one, .few, .many]
        case .en: [.one, .other]
        }
    }

    public static func form(for count: Int, in language: Language) -> PluralForm {
        let n = abs(count)
        switch language {
        case .en:
            return n == 1 ? .one : .other
        case .uk:
            let (mod10, mod100) = (n % 10, n % 100)
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        }
    }
}
