import Kernel

/// The sports people organise events for. Reference data, kept in code: events store
/// the slug, which the services check against this list.
public struct SportType: NamedReference {
    public let id: String
    public let uk: String
    public let en: String

    public static let all: [SportType] = [
        SportType(id: "football", uk: "Футбол", en: "Football"),
        SportType(id: "basketball", uk: "Баскетбол", en: "Basketball"),
        SportType(id: "volleyball", uk: "Волейбол", en: "Volleyball"),
        SportType(id: "running", uk: "Біг", en: "Running"),
        SportType(id: "cycling", uk: "Велоспорт", en: "Cycling"),
        SportType(id: "tennis", uk: "Теніс", en: "Tennis"),
        SportType(id: "table-tennis", uk: "Настільний теніс", en: "Table tennis"),
        SportType(id: "yoga", uk: "Йога", en: "Yoga"),
        SportType(id: "workout", uk: "Воркаут", en: "Street workout"),
        SportType(id: "swimming", uk: "Плавання", en: "Swimming"),
        SportType(id: "badminton", uk: "Бадмінтон", en: "Badminton"),
        SportType(id: "hockey", uk: "Хокей", en: "Hockey"),
        SportType(id: "hiking", uk: "Похід", en: "Hiking"),
        SportType(id: "skating", uk: "Ковзани й ролики", en: "Skating"),
        SportType(id: "chess", uk: "Шахи", en: "Chess"),
    ]
}
