import Foundation

/// The time zones people pick from in a form (the API takes any IANA name): the common
/// ones for our people, and the person's own first when it is not among them.
public enum TimeZoneChoices {
    static let common = ["Europe/Kyiv", "Europe/Warsaw", "Europe/Berlin", "Europe/Prague", "Europe/Vienna", "Europe/Rome", "Europe/Paris",
                         "Europe/Madrid", "Europe/London", "Europe/Lisbon", "Europe/Dublin", "Europe/Helsinki", "Europe/Vilnius",
                         "Europe/Bucharest", "Europe/Istanbul", "America/New_York", "America/Chicago", "America/Denver",
                         "America/Los_Angeles", "America/Toronto", "Asia/Dubai", "Asia/Tokyo", "Australia/Sydney"]

    public static func options(current: String?) -> [(value: String, label: String)] {
        var zones = common
        if let current, !zones.contains(current), TimeZone(identifier: current) != nil { zones.insert(current, at: 0) }
        return zones.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }
    }
}
