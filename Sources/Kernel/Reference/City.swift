import Foundation

/// Ukrainian cities, for every app that places people or things in a city (Golden Ager's
/// volunteers see their own city's tasks; MoveJoin's events happen in one). One list, so
/// nobody types a name two ways; ids are stable slugs stored in the apps' tables.
public struct City: NamedReference {
    public let id: String
    public let uk: String
    public let en: String
    /// The IANA zone local times in the city are shown in (all of Ukraine keeps Kyiv time today).
    public let timeZoneID: String

    public init(id: String, uk: String, en: String, timeZoneID: String = "Europe/Kyiv") {
        self.id = id
        self.uk = uk
        self.en = en
        self.timeZoneID = timeZoneID
    }

    public var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? TimeZone(secondsFromGMT: 2 * 3600)! }

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
}
