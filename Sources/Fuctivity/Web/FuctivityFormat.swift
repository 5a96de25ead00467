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
}
