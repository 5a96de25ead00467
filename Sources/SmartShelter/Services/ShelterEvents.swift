import Foundation
import Kernel

/// The live events of Smart Shelter and who hears them. One topic: every alarm goes to
/// everyone on the staff with a role (the dashboard and the API's `/events`). Payloads
/// carry ids, kind, severity and state only; clients fetch what they show (`GET /alarms`).
/// The names are stored with the events and read by `live-refresh.js`: never rename them.
public enum ShelterEvents {
    /// The live topic of the dashboard.
    public static let alarms = "shelter.alarms"
    /// The name of an alarm's event on it.
    public static let alarm = "alarm"

    /// The live event of an alarm: ids only, the dashboard fetches what it shows.
    struct AlarmEvent: Codable, Sendable {
        let id: UUID
        let enclosureId: UUID
        let kind: String
        let severity: String
        /// `open`, `reminder`, `escalated` (reminded to every director and doctor),
        /// `acknowledged`, `resolved` (by a person or by itself) or `past` (a spell recorded
        /// after it was over).
        let state: String

        init(_ alarm: Alarm, state: String) throws {
            id = try alarm.requireID()
            enclosureId = alarm.enclosureID
            kind = alarm.kind
            severity = alarm.severity
            self.state = state
        }
    }
}
