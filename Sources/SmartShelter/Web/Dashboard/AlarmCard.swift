import Foundation
import Kernel

/// One alarm as a card: what broke, since when, its history — escalated to everyone, taken
/// by whom and when, resolved by whom and when or closed by itself when the readings came
/// back to normal, or recorded after it was over — the animals at risk, and the buttons
/// while it is open. The enclosure's page lists its animals once above, so there the card
/// leaves them out and its buttons come back to that page.
struct AlarmCard {
    enum Place { case dashboard, enclosure }

    let summary: AlarmSummary
    let person: StaffMember
    var place: Place = .dashboard
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var alarm: Alarm { summary.alarm }

    /// `open`, `acknowledged`, `resolved` (by a person), `closed_itself` or `past`.
    var state: String {
        if alarm.pastEpisode { return "past" }
        if alarm.resolvedAt != nil { return alarm.resolvedBy == nil ? "closed_itself" : "resolved" }
        return alarm.acknowledgedAt != nil ? "acknowledged" : "open"
    }

    var html: HTML {
        let id = alarm.id!.uuidString.lowercased()
        let css = alarm.resolvedAt != nil ? "resolved" : state
        return H.li(.id("alarm-\(id)"), .class("card alarm alarm-\(alarm.severity) alarm-\(css)")) {
            H.h3 { AlarmService.title(alarm, summary.enclosureName, l) }
            H.p { AlarmText.describe(alarm, unit: person.unit, l) }
            H.p(.class("hint")) {
                l.text("ss.alarm.since", ["time": l.dateTime(alarm.openedAt), "last": l.dateTime(alarm.lastSeenAt)])
                if alarm.repeats > 0 { " "; l.plural("ss.alarm.repeats", count: alarm.repeats) }
            }
            H.p(.class("alarm-state")) { H.strong { l.text("ss.alarm.state.\(state)") } }
            if !history.isEmpty {
                H.ul(.class("alarm-history")) { HTMLBuilder.join(history.map { line in H.li { line } }) }
            }
            if place == .dashboard && !summary.residents.isEmpty { residents }
            if alarm.isOpen {
                H.div(.class("button-row")) {
                    if alarm.acknowledgedAt == nil {
                        form("\(ShelterWeb.prefix)/alarms/\(id)/acknowledgement") { Components.primaryButton(l.text("ss.alarm.acknowledge")) }
                    }
                    form("\(ShelterWeb.prefix)/alarms/\(id)/resolution") {
                        H.button(.class("button"), .type("submit")) { l.text("ss.alarm.resolve") }
                    }
                }
            }
        }
    }

    /// A button's form; from the enclosure's page it asks to come back there.
    private func form(_ action: String, @HTMLBuilder _ button: () -> HTML) -> HTML {
        Components.postForm(c, action: action) {
            if place == .enclosure { H.input(.type("hidden"), .name(DashboardPage.returnField), .value(DashboardPage.toEnclosure)) }
            button()
        }
    }

    /// What happened to it, in order: escalated, taken, closed.
    var history: [String] {
        var lines: [String] = []
        let someone = l.text("ss.alarm.someone")
        if let at = alarm.escalatedAt { lines.append(l.text("ss.alarm.history.escalated", ["time": l.dateTime(at)])) }
        if let at = alarm.acknowledgedAt {
            lines.append(l.text("ss.alarm.history.acknowledged", ["name": summary.acknowledgedByName ?? someone, "time": l.dateTime(at)]))
        }
        if alarm.pastEpisode, let normal = alarm.normalSince {
            lines.append(l.text("ss.alarm.history.past", ["time": l.dateTime(normal)]))
        } else if let at = alarm.resolvedAt {
            if alarm.resolvedBy != nil {
                lines.append(l.text("ss.alarm.history.resolved", ["name": summary.resolvedByName ?? someone, "time": l.dateTime(at)]))
            } else {
                lines.append(l.text("ss.alarm.history.closed_itself", ["normal": l.time(alarm.normalSince ?? at), "time": l.dateTime(at)]))
            }
        }
        return lines
    }

    /// Who lives where the alarm is, the sick ones with their diseases named.
    private var residents: HTML {
        H.div(.class("alarm-animals")) {
            H.p { H.strong { l.text("ss.alarm.animals") } }
            H.ul {
                HTMLBuilder.join(summary.residents.map { resident in
                    H.li {
                        H.a(.href(AnimalPage.path(resident.animal.id!))) { resident.animal.name }
                        if !resident.openDiseases.isEmpty {
                            " — "
                            H.span(.class("sick")) { l.text("ss.animal.sick", ["diseases": resident.openDiseases.map(\.name).joined(separator: ", ")]) }
                        }
                    }
                })
            }
        }
    }
}
