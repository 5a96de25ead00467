import Foundation

/// The languages Hromada speaks. Ukrainian is the default everywhere.
public enum Language: String, CaseIterable, Sendable, Codable {
    case uk
    case en

    public static let `default`: Language = .uk

    /// The locale used for dates and numbers.
    public var locale: Locale {
        switch self {
        case .uk: Locale(identifier: "uk_UA")
        case .en: Locale(identifier: "en_GB")
        }
    }

    /// The name of the language in itself, for the switcher.
    public var endonym: String {
        switch self {
        case .uk: "Українська"
        case .en: "English"
        }
    }

    /// The switcher's label: short enough for a phone's top bar.
    public var shortName: String {
        switch self {
        case .uk: "УКР"
        case .en: "ENG"
        }
    }

    /// Parses a stored or submitted code, tolerating region suffixes ("en-US").
    public init?(code: String?) {
        guard let code = code?.lowercased(), !code.isEmpty else { return nil }
        let primary = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? code
        self.init(rawValue: primary)
    }

    /// The best language for an `Accept-Language` header, honouring q-values; `nil` when none is ours.
    public static func preferred(byAcceptLanguage header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        var best: (Language, Double)?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, let language = Language(code: tag) else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.1 ?? -1) { best = (language, quality) }
        }
        return best?.0
    }
}
