import Foundation
import Kernel

/// The dashboard: the tasks waiting, the live board (alarms, then every enclosure with its
/// newest reading) and, for the director, the form that adds an enclosure.
struct DashboardView {
    struct Board {
        let alarms: [AlarmSummary]
        let enclosures: [EnclosureSummary]
    }

    let person: StaffMember
    let board: Board
    /// The tasks waiting for this person (theirs or their role's).
    let tasksToDo: Int
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.dashboard.title"), section: .dashboard, live: true, c) {
            H.h1 { l.text("ss.dashboard.title") }
            H.p { H.a(.class("button"), .href(TasksPage.path)) { l.text("ss.task.link", ["count": String(tasksToDo)]) } }
            H.div(.id("board"), .class("live-region"), .data("refresh-url", "\(ShelterWeb.prefix)/dashboard/content"),
                  .data("refresh-on", ShelterEvents.alarm), .aria("live", "polite")) { content }
            if person.role == .director { newEnclosure }
        }
    }

    /// Open alarms first (what needs someone now), then every enclosure.
    var content: HTML {
        let open = board.alarms.filter(\.alarm.isOpen)
        return HTMLBuilder.join([
            H.section(.class("alarms"), .aria("labelledby", "alarms-title")) {
                H.h2(.id("alarms-title")) { l.plural("ss.alarm.open_count", count: open.count) }
                if open.isEmpty { H.p(.class("empty")) { l.text("ss.alarm.none") } }
                H.ul(.class("plain-list")) { HTMLBuilder.join(board.alarms.map { AlarmCard(summary: $0, person: person, c: c).html }) }
            },
            board.enclosures.isEmpty ? H.p(.class("empty")) { l.text("ss.dashboard.empty") } : .empty,
            H.ul(.class("plain-list enclosure-cards")) { HTMLBuilder.join(board.enclosures.map(card)) },
        ])
    }

    private func card(_ summary: EnclosureSummary) -> HTML {
        let enclosure = summary.enclosure
        let id = "enclosure-\(enclosure.id!.uuidString.lowercased())"
        return H.li(.class("card enclosure-card"), .aria("labelledby", id)) {
            H.h2(.id(id)) { H.a(.href(ShelterWeb.enclosurePath(enclosure.id!))) { enclosure.name } }
            if let reading = summary.latest {
                ReadingFacts(reading: reading, unit: person.unit, c: c).html
            } else {
                H.p(.class("empty")) { l.text(summary.sensors.isEmpty ? "ss.enclosure.no_sensors" : "ss.enclosure.no_readings") }
            }
        }
    }

    private var newEnclosure: HTML {
        H.section(.class("card"), .aria("labelledby", "new-enclosure")) {
            H.h2(.id("new-enclosure")) { l.text("ss.enclosure.new") }
            H.p(.class("hint")) { l.text("ss.enclosure.new_hint") }
            Components.postForm(c, action: "\(ShelterWeb.prefix)/enclosures") {
                FormField(name: "name", label: l.text("ss.field.enclosure_name"), maxLength: EnclosureService.nameMaxLength).render(FormState(), l)
                TextAreaField(name: "description", label: l.text("ss.field.description"), required: false,
                              maxLength: EnclosureService.descriptionMaxLength).render(FormState(), l)
                Components.primaryButton(l.text("ss.enclosure.create"))
            }
        }
    }
}
