import Foundation

/// An iCalendar (RFC 5545) document: what phone calendars subscribe to or import.
///
/// Times are written in the item's time zone (`DTSTART;TZID=Europe/Kyiv:…`) with a
/// `VTIMEZONE` built from the zone's real transitions in the years the items span, so a
/// calendar shows the same wall-clock time the app does, daylight-saving changes
/// included. Text is escaped, lines are folded at 75 octets, lines end in CRLF.
public struct ICalendar: Sendable {
    public struct Alarm: Sendable, Equatable {
        public enum Trigger: Sendable, Equatable {
            /// This long before the start (`TRIGGER;RELATED=START:-PT30M`).
            case beforeStart(TimeInterval)
            /// At this moment (`TRIGGER;VALUE=DATE-TIME:…Z`).
            case at(Date)
        }

        public let trigger: Trigger
        public let description: String

        public init(before: TimeInterval, description: String) {
            self.init(trigger: .beforeStart(before), description: description)
        }

        public init(trigger: Trigger, description: String) {
            self.trigger = trigger
            self.description = description
        }

        var triggerLine: String {
            switch trigger {
            case .beforeStart(let seconds): "TRIGGER;RELATED=START:\(ICalendar.duration(before: seconds))"
            case .at(let date): "TRIGGER;VALUE=DATE-TIME:\(ICalendar.utc(date))"
            }
        }
    }

    public enum Status: String, Sendable {
        case confirmed = "CONFIRMED"
        /// Not certain to happen for this person (say, a place on a waitlist): no alarms.
        case tentative = "TENTATIVE"
        case cancelled = "CANCELLED"
    }

    public struct Item: Sendable {
        /// Stable across exports, so a calendar updates the event rather than adding a copy.
        public let uid: String
        public let start: Date
        public let end: Date
        public let timeZone: TimeZone
        public let summary: String
        public let description: String?
        public let location: String?
        public let url: String?
        public let status: Status
        /// When the item last changed: `LAST-MODIFIED`, and `SEQUENCE` in seconds since 2020
        /// so that every change counts up.
        public let lastModified: Date
        public let alarms: [Alarm]
        /// Where it takes place, when known: `GEO` (a calendar may show it on a map).
        public var geo: (latitude: Double, longitude: Double)?

        public init(uid: String, start: Date, end: Date, timeZone: TimeZone, summary: String, description: String? = nil,
                    location: String? = nil, url: String? = nil, status: Status = .confirmed, lastModified: Date, alarms: [Alarm] = [],
                    geo: (latitude: Double, longitude: Double)? = nil) {
            self.uid = uid
            self.start = start
            self.end = end
            self.timeZone = timeZone
            self.summary = summary
            self.description = description
            self.location = location
            self.url = url
            self.status = status
            self.lastModified = lastModified
            self.alarms = alarms
            self.geo = geo
        }
    }

    public let productID: String
    public let name: String?
    public let items: [Item]
    /// `DTSTAMP`: when this document was made.
    public let stamp: Date
    /// For a subscribed feed: how often a calendar should fetch it again
    /// (`REFRESH-INTERVAL`, RFC 7986, and `X-PUBLISHED-TTL`, which Apple's and Google's
    /// calendars read). Without it a phone may pick up tonight's change tomorrow.
    public var refreshInterval: TimeInterval?
    /// The calendar's zone: its `VTIMEZONE` is written when no item names one, since a
    /// calendar must hold at least one component (RFC 5545 §3.6) and an empty feed is
    /// still a feed.
    public var timeZone: TimeZone

    public init(productID: String, name: String? = nil, items: [Item], stamp: Date, refreshInterval: TimeInterval? = nil,
                timeZone: TimeZone = TimeZone(identifier: "Europe/Kyiv")!) {
        self.productID = productID
        self.name = name
        self.items = items
        self.stamp = stamp
        self.refreshInterval = refreshInterval
        self.timeZone = timeZone
    }

    public static let mediaType = "text/calendar; charset=utf-8"

    public func render() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        if let name {
            lines.append("X-WR-CALNAME:\(Self.escape(name))")
        }
        if let refreshInterval {
            let every = Self.duration(refreshInterval)
            lines += ["REFRESH-INTERVAL;VALUE=DURATION:\(every)", "X-PUBLISHED-TTL:\(every)"]
        }
        let zones = Dictionary(grouping: items, by: \.timeZone.identifier)
        for identifier in zones.keys.sorted() {
            let group = zones[identifier]!
            let from = group.map(\.start).min()!
            let to = group.map(\.end).max()!
            lines += Self.timeZoneComponent(group[0].timeZone, from: from, to: to)
        }
        if items.isEmpty {
            lines += Self.timeZoneComponent(timeZone, from: stamp, to: stamp)
        }
        for item in items {
            lines += event(item)
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    private func event(_ item: Item) -> [String] {
        let zone = item.timeZone
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(Self.escape(item.uid))",
            "DTSTAMP:\(Self.utc(stamp))",
            "DTSTART;TZID=\(zone.identifier):\(Self.local(item.start, in: zone))",
            "DTEND;TZID=\(zone.identifier):\(Self.local(item.end, in: zone))",
            "SUMMARY:\(Self.escape(item.summary))",
            "STATUS:\(item.status.rawValue)",
            "LAST-MODIFIED:\(Self.utc(item.lastModified))",
            "SEQUENCE:\(max(0, Int(item.lastModified.timeIntervalSince1970) - 1_577_836_800))",
        ]
        if let description = item.description, !description.isEmpty { lines.append("DESCRIPTION:\(Self.escape(description))") }
        if let location = item.location, !location.isEmpty { lines.append("LOCATION:\(Self.escape(location))") }
        if let url = item.url { lines.append("URL:\(url)") }
        if let geo = item.geo { lines.append("GEO:\(Self.coordinate(geo.latitude));\(Self.coordinate(geo.longitude))") }
        if item.status == .confirmed {
            for alarm in item.alarms {
                lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(Self.escape(alarm.description))",
                          alarm.triggerLine, "END:VALARM"]
            }
        }
        lines.append("END:VEVENT")
        return lines
    }

    // MARK: Time zones

    /// A VTIMEZONE with one STANDARD or DAYLIGHT block per offset change between a year
    /// before `from` and a year after `to` (or one block for a zone without changes).
    static func timeZoneComponent(_ zone: TimeZone, from: Date, to: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        let start = from.addingTimeInterval(-366 * 86_400)
        let end = to.addingTimeInterval(366 * 86_400)
        var transitions: [Date] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end, transitions.count < 200 {
            transitions.append(next)
            cursor = next
        }
        if transitions.isEmpty {
            let offset = zone.secondsFromGMT(for: from)
            lines += ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offsetText(offset))",
                      "TZOFFSETTO:\(offsetText(offset))", "TZNAME:\(zone.abbreviation(for: from) ?? zone.identifier)", "END:STANDARD"]
        }
        for transition in transitions {
            let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: transition)
            let kind = zone.isDaylightSavingTime(for: transition) ? "DAYLIGHT" : "STANDARD"
            // DTSTART is the local time the change happens, in the offset that held before it.
            let localStart = transition.addingTimeInterval(TimeInterval(before))
            lines += ["BEGIN:\(kind)", "DTSTART:\(floating(localStart))", "TZOFFSETFROM:\(offsetText(before))",
                      "TZOFFSETTO:\(offsetText(after))", "TZNAME:\(zone.abbreviation(for: transition) ?? kind)", "END:\(kind)"]
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let value = abs(seconds)
        return String(format: "%@%02d%02d", sign, value / 3600, (value % 3600) / 60)
    }

    // MARK: Formatting

    static func utc(_ date: Date) -> String { floating(date) + "Z" }

    static func local(_ date: Date, in zone: TimeZone) -> String {
        floating(date.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: date))))
    }

    /// `YYYYMMDDTHHMMSS` of a date read as UTC.
    static func floating(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// `-PT30M`, `-P1D`, `-PT1H30M` …
    /// A duration forwards (`PT1H`), as `REFRESH-INTERVAL` takes.
    static func duration(_ seconds: TimeInterval) -> String { duration(before: -abs(seconds)) }

    /// A `GEO` coordinate: decimal degrees, six places (about 10 cm), a point whatever the locale.
    static func coordinate(_ degrees: Double) -> String { String(format: "%.6f", degrees) }

    static func duration(before seconds: TimeInterval) -> String {
        var remaining = Int(seconds.rounded())
        let sign = remaining < 0 ? "" : "-"
        remaining = abs(remaining)
        let days = remaining / 86_400, hours = (remaining % 86_400) / 3600, minutes = (remaining % 3600) / 60, secs = remaining % 60
        var text = "\(sign)P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if secs > 0 || (hours == 0 && minutes == 0) { text += "\(secs)S" }
        }
        return text
    }

    /// TEXT values: backslash, semicolon, comma and line breaks escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r\n", "\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Splits a line into pieces of at most 75 octets, continuation lines starting with a
    /// space, never inside a UTF-8 character.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }
}
