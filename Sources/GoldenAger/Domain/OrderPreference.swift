import Foundation
import Kernel

/// When an order would suit the pensioner, and a short note for the volunteer (which
/// doctor, which shop): all optional, shown to volunteers before they accept, so it must
/// carry nothing personal: the form says so, and a phone number is refused (`NotePrivacy`);
/// the address and phone stay hidden until then.
public struct OrderPreference: Sendable, Equatable {
    public var date: LocalDay?
    public var part: DayPart?
    public var note: String?

    public static let noteMaxLength = 200
    /// How far ahead a day may be chosen.
    public static let daysAhead = 60

    public init(date: LocalDay? = nil, part: DayPart? = nil, note: String? = nil) {
        self.date = date
        self.part = part
        self.note = note
    }

    /// What a person chose: `day` is empty or `any`, `today`, `tomorrow`, or `YYYY-MM-DD`
    /// (from today to `daysAhead` days on); `part` is empty or `any`, `morning`,
    /// `afternoon` or `evening`. Problems go into `validator` under `preferredDate`,
    /// `preferredPart` and `note`.
    public static func parse(day: String?, part: String?, note: String?, today: LocalDay, into validator: inout Validator) -> OrderPreference {
        var preference = OrderPreference()
        switch day?.trimmingCharacters(in: .whitespaces).lowercased() ?? "" {
        case "", "any": break
        case "today": preference.date = today
        case "tomorrow": preference.date = today.adding(days: 1)
        case let text:
            if let date = LocalDay(text) {
                if date < today { validator.add("preferredDate", "ga.order.date_past") }
                else if date > today.adding(days: daysAhead) { validator.add("preferredDate", "ga.order.date_far", ["days": String(daysAhead)]) }
                else { preference.date = date }
            } else {
                validator.add("preferredDate", "ga.order.date_invalid")
            }
        }
        switch part?.trimmingCharacters(in: .whitespaces).lowercased() ?? "" {
        case "", "any": break
        case let text:
            if let value = DayPart(rawValue: text) { preference.part = value } else { validator.add("preferredPart", "ga.order.part_invalid") }
        }
        preference.note = validator.text("note", note, required: false, maxLength: noteMaxLength)
        if let written = preference.note, NotePrivacy.containsPhoneNumber(written) {
            validator.add("note", "ga.order.note_phone")
            preference.note = nil
        }
        return preference
    }

    /// «середа, 3 грудня, вранці», «увечері», «будь-коли». The day is named, not «завтра»:
    /// pages and cached inbox cards outlive the day they were made on.
    public static func describe(date: String?, part: DayPart?, _ l: Localizer) -> String {
        var words: [String] = []
        if let date = date.flatMap(LocalDay.init) { words.append(l.day(date)) }
        if let part { words.append(l.text("ga.when.\(part.rawValue)")) }
        return words.isEmpty ? l.text("ga.when.any") : words.joined(separator: ", ")
    }
}
