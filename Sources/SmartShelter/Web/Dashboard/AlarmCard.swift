import Foundation
import Kernel

/// One alarm as a card: what broke, since when, its state, and (while open) «Беруся» and
/// «Вирішено». On the dashboard it names the animals at risk; the enclosure's page lists
/// them once above, so there the card leaves them out and its buttons come back to it.
struct AlarmCard {
    enum Place { case dashboard, enclosure }

    let summary: AlarmSummary
    let person: StaffMember
    let place: Place
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var html: HTML {
        let alarm = summary.alarm
        let id = alarm.id!.uuidString.lowercased()
        let state = alarm.resolvedAt != nil ? "resolved" : alarm.acknowledgedAt != nil ? "acknowledged" : "open"
        return H.li(.id("alarm-\(id)"), .class("card alarm alarm-\(alarm.severity) alarm-\(state)")) {
            H.h3 { AlarmService.title(alarm, summary.enclosureName, l) }
            H.p { AlarmText.describe(alarm, unit: person.unit, l) }
            H.p(.class("hint")) {
                l.text("ss.alarm.since", ["time": l.dateTime(alarm.openedAt), "last": l.dateTime(alarm.lastSeenAt)])
                if alarm.repeats > 0 { " "; l.plural("ss.alarm.repeats", count: alarm.repeats) }
            }
            H.p(.class("alarm-state")) { H.strong { l.text("ss.alarm.state.\(state)") } }
            if place == .dashboard && !summary.residents.isEmpty { residents(summary.residents) }
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

    /// Who lives where the alarm is, the sick ones with their diseases named.
    private func residents(_ residents: [AlarmSummary.Resident]) -> HTML {
        H.div(.class("alarm-animals")) {
            H.p { H.strong { l.text("ss.alarm.animals") } }
            H.ul {
                HTMLBuilder.join(residents.map { resident in
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
