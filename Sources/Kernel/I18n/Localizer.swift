import Foundation

/// Turns catalog keys into text in one language, and formats dates and numbers
/// for that language and a time zone. Cheap to create: one per request.
public struct Localizer: Sendable {
    public let language: Language
    public let timeZone: TimeZone
    let catalogs: [Catalog]

    public init(language: Language, timeZone: TimeZone = TimeZone(identifier: "Europe/Kyiv")!, catalogs: [Catalog]) {
        self.language = language
        self.timeZone = timeZone
        self.catalogs = catalogs
    }

    /// The text for `key`, with `{name}` placeholders filled from `arguments`.
    /// A missing key falls back to Ukrainian, then to the key itself, so a gap shows
    /// up on screen (and in the catalog test) instead of crashing a page.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = lookup(key, in: language) ?? lookup(key, in: .default) ?? key
        return Localizer.fill(template, with: arguments)
    }

    /// `key` as `app` words it: the app's own `"<app>:<key>"` when its catalog has one (its
    /// people need other words), else the shared key.
    public func key(_ key: String, wordedBy app: String) -> String {
        let own = "\(app):\(key)"
        return lookup(own, in: language) != nil || lookup(own, in: .default) != nil ? own : key
    }

    /// The plural-aware text for `key` and `count`; `{count}` is filled with the formatted number.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let form = PluralForm.form(for: count, in: language)
        var filled = arguments
        filled["count"] = number(count)
        if let template = lookup("\(key)#\(form.rawValue)", in: language) ?? lookup(key, in: language) {
            return Localizer.fill(template, with: filled)
        }
        return text(key, filled)
    }

    private func lookup(_ key: String, in language: Language) -> String? {
        for catalog in catalogs {
            if let text = catalog.lookup(key, in: language) { return text }
        }
        return nil
    }

    /// One pass over the template; a `{name}` without an argument stays as written.
    /// (Not `replacingOccurrences`: it goes through NSString on Linux and showed up in
    /// profiles of pages with many buttons.)
    static func fill(_ template: String, with arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + 16)
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[afterOpen..<close])
            if let value = arguments[name] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    // MARK: Formatting

    /// "22.11.2026" / "22/11/2026".
    public func date(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .numeric, time: .omitted, locale: language.locale, timeZone: timeZone))
    }

    /// "22 листопада 2026 р." / "22 November 2026".
    public func longDate(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: language.locale, timeZone: timeZone))
    }

    /// "середа, 26 листопада" / "Wednesday 26 November": a calendar day as people say it.
    public func day(_ day: LocalDay) -> String {
        let utc = TimeZone(identifier: "UTC")!
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: language.locale, timeZone: utc).weekday(.wide).day().month(.wide)
        return day.moment(minutes: 12 * 60, in: utc).formatted(style)
    }

    /// "14:05" in both languages (24-hour clock, as people in Ukraine read it).
    public func time(_ date: Date) -> String {
        // By arithmetic on the zone's offset at that moment: a page lists many times, and
        // a calendar with `String(format:)` showed up in profiles of rendering the
        // volunteer's inbox (see docs/decisions/hand-written-hot-spots.md).
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let minuteOfDay = (Int((local / 60).rounded(.down)) % 1_440 + 1_440) % 1_440
        return Self.twoDigits(minuteOfDay / 60) + ":" + Self.twoDigits(minuteOfDay % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    /// Date and time together.
    public func dateTime(_ date: Date) -> String {
        "\(self.date(date)) \(time(date))"
    }

    /// "45 хв", "2 год", "1 год 30 хв" / "45 min", "2 h", "1 h 30 min".
    public func duration(minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return text("duration.minutes", ["m": String(rest)])
        case (_, 0): return text("duration.hours", ["h": String(hours)])
        default: return text("duration.hours_minutes", ["h": String(hours), "m": String(rest)])
        }
    }

    /// "1 234,5" / "1,234.5".
    public func number(_ value: Int) -> String {
        // Below a thousand every language of ours writes the plain digits; Foundation's
        // formatting of them was a tenth of a five-year statistics page (600 numbers).
        if (0..<1000).contains(value) { return String(value) }
        return value.formatted(IntegerFormatStyle<Int>(locale: language.locale))
    }

    public func number(_ value: Double, fractionDigits: Int = 1) -> String {
        value.formatted(FloatingPointFormatStyle<Double>(locale: language.locale).precision(.fractionLength(0...fractionDigits)))
    }
}
