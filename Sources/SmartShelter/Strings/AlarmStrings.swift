/// Smart Shelter's texts for alarms and the dashboard: kinds, closing, escalation, enclosure summaries.
enum AlarmStrings {
    static let uk: [String: String] = [:]

    static let en: [String: String] = [:]
}
