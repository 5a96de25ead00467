/// A fixed list of things people pick from (cities, sports), kept in code: stable slug
/// ids stored in the apps' tables, a name in each language, and a lookup by id.
public protocol NamedReference: Sendable, Hashable {
    var id: String { get }
    var uk: String { get }
    var en: String { get }
    static var all: [Self] { get }
}

extension NamedReference {
    public func name(in language: Language) -> String { language == .en ? en : uk }

    /// The item with this id; nil for an unknown or missing id. (The lists are short.)
    public static func find(_ id: String?) -> Self? {
        guard let id else { return nil }
        return all.first { $0.id == id }
    }

    /// The name of the item with `id` in `language`, or the id itself when it is unknown
    /// (a value stored before the list changed still shows).
    public static func name(of id: String, in language: Language) -> String {
        find(id)?.name(in: language) ?? id
    }

    /// The choices of a select: every item, its id the value, in `language`'s alphabetical order.
    public static func options(in language: Language) -> [(value: String, label: String)] {
        sorted(in: language).map { ($0.id, $0.name(in: language)) }
    }

    /// Every item, in `language`'s alphabetical order of its name (`Collation`).
    public static func sorted(in language: Language) -> [Self] {
        all.sorted(byName: { $0.name(in: language) }, in: language)
    }
}
