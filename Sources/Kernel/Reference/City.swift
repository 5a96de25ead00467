import Kernel

/// The cities Golden Ager works in. Volunteers see the tasks of their own city, so both
/// sides pick from one list rather than typing a name two ways.
public struct City: Sendable, Hashable {
    public let id: String
    public let uk: String
    public let en: String

    public func name(in language: Language) -> String { language == .en ? en : uk }

    public static let all: [City] = [
        City(id: "kyiv", uk: "Київ", en: "Kyiv"),
        City(id: "kharkiv", uk: "Харків", en: "Kharkiv"),
        City(id: "odesa", uk: "Одеса", en: "Odesa"),
        City(id: "dnipro", uk: "Дніпро", en: "Dnipro"),
        City(id: "lviv", uk: "Львів", en: "Lviv"),
        City(id: "zaporizhzhia", uk: "Запоріжжя", en: "Zaporizhzhia"),
        City(id: "vinnytsia", uk: "Вінниця", en: "Vinnytsia"),
        City(id: "poltava", uk: "Полтава", en: "Poltava"),
        City(id: "chernihiv", uk: "Чернігів", en: "Chernihiv"),
        City(id: "cherkasy", uk: "Черкаси", en: "Cherkasy"),
        City(id: "zhytomyr", uk: "Житомир", en: "Zhytomyr"),
        City(id: "sumy", uk: "Суми", en: "Sumy"),
        City(id: "rivne", uk: "Рівне", en: "Rivne"),
        City(id: "ivano-frankivsk", uk: "Івано-Франківськ", en: "Ivano-Frankivsk"),
        City(id: "ternopil", uk: "Тернопіль", en: "Ternopil"),
        City(id: "lutsk", uk: "Луцьк", en: "Lutsk"),
        City(id: "uzhhorod", uk: "Ужгород", en: "Uzhhorod"),
        City(id: "chernivtsi", uk: "Чернівці", en: "Chernivtsi"),
        City(id: "khmelnytskyi", uk: "Хмельницький", en: "Khmelnytskyi"),
        City(id: "kropyvnytskyi", uk: "Кропивницький", en: "Kropyvnytskyi"),
        City(id: "mykolaiv", uk: "Миколаїв", en: "Mykolaiv"),
        City(id: "kherson", uk: "Херсон", en: "Kherson"),
    ]

    static let byID: [String: City] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static func find(_ id: String?) -> City? { id.flatMap { byID[$0] } }
}
