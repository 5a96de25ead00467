import Foundation
import Kernel

/// Words and choices several Fuctivity views share: times, days, an activity's status,
/// and the options of the category and time zone fields.
extension FuctivityWeb {
    /// "18:00–19:30" in the person's zone.
    static func span(_ start: Date, _ end: Date, _ zone: TimeZone) -> String {
        "\(LocalDateTime(start, in: zone).timeString)–\(LocalDateTime(end, in: zone).timeString)"
    }

    /// "Понеділок, 23.11".
    static func dayTitle(_ day: LocalDay, _ l: Localizer) -> String {
        l.text("fx.day_title", ["weekday": l.text("fx.weekday.long.\(day.weekday)"),
                                "date": day.dayMonth])
    }

    static func statusBadge(_ status: ActivityStatus, _ l: Localizer) -> HTML {
        H.span(.class("badge badge-\(status.rawValue)")) { l.text("fx.status.\(status.rawValue)") }
    }

    static func categoryOptions(_ categories: [RestCategory], _ l: Localizer) -> [(value: String, label: String)] {
        categories.map { ($0.id!.uuidString, $0.name(in: l.language)) }
    }

    /// Time zones offered at sign-up and in settings (the person's own is added when missing).
    static func zoneOptions(current: String?) -> [(value: String, label: String)] {
        var zones = ["Europe/Kyiv", "Europe/Warsaw", "Europe/Berlin", "Europe/Prague", "Europe/Vienna", "Europe/Rome", "Europe/Paris",
                     "Europe/Madrid", "Europe/London", "Europe/Lisbon", "Europe/Dublin", "Europe/Helsinki", "Europe/Vilnius",
                     "Europe/Bucharest", "Europe/Istanbul", "America/New_York", "America/Chicago", "America/Denver",
                     "America/Los_Angeles", "America/Toronto", "Asia/Dubai", "Asia/Tokyo", "Australia/Sydney"]
        if let current, !zones.contains(current), TimeZone(identifier: current) != nil { zones.insert(current, at: 0) }
        return zones.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }
    }
}
