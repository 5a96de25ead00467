import Foundation
import Kernel
import Vapor

/// `GET /shelter/dashboard`: every enclosure with its newest reading and heat stress; the
/// director adds enclosures here. A pending person sees that they wait for a role.
enum DashboardPage {
    static func register(on web: any RoutesBuilder) {
        web.get("dashboard", use: show)
        web.get("dashboard", "content", use: content)
        web.post("enclosures", use: create)
        web.post("alarms", ":alarmID", "acknowledgement", use: acknowledge)
        web.post("alarms", ":alarmID", "resolution", use: resolve)
        web.get("live", use: live)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let c = req.viewContext(for: person.account)
        guard person.role != .pending else { return req.render(PendingView(person: person, c: c).page) }
        let tasks = try await req.shelter.tasks.list(for: person).filter { task in
            task.taskStatus != .done && task.isFor(person) && (task.acceptedBy == nil || task.acceptedBy == person.id)
        }
        return req.render(DashboardView(person: person, board: try await board(req, person), tasksToDo: tasks.count, c: c).page)
    }

    /// The live region: alarms and enclosures, fetched again on every alarm event.
    static func content(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        return Response.fragment(DashboardView(person: person, board: try await board(req, person), tasksToDo: 0, c: req.viewContext(for: person.account)).content)
    }

    static func board(_ req: Request, _ person: StaffMember) async throws -> DashboardView.Board {
        DashboardView.Board(alarms: try await req.shelter.alarms.list(for: person), enclosures: try await req.shelter.enclosures.list(for: person))
    }

    /// The browser's event stream: alarms opening, reminded, acknowledged and resolved.
    static func live(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        guard person.role != .pending else { throw ShelterContext.pending }
        return ServerSentEvents.response(for: req, topics: [AlarmService.topic])
    }

    static func acknowledge(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try alarmID(req)
        return try await ShelterWeb.change(req, back: "\(ShelterWeb.prefix)/dashboard") {
            _ = try await req.shelter.alarms.acknowledge(id, by: person)
            return req.redirect(to: "\(ShelterWeb.prefix)/dashboard", flash: .success, "ss.alarm.acknowledged")
        }
    }

    static func resolve(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try alarmID(req)
        return try await ShelterWeb.change(req, back: "\(ShelterWeb.prefix)/dashboard") {
            _ = try await req.shelter.alarms.resolve(id, by: person)
            return req.redirect(to: "\(ShelterWeb.prefix)/dashboard", flash: .success, "ss.alarm.resolved")
        }
    }

    private static func alarmID(_ req: Request) throws -> UUID {
        try req.uuidParameter("alarmID", notFound: "alarm_not_found", key: "ss.error.alarm_not_found")
    }

    static func create(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: "\(ShelterWeb.prefix)/dashboard") {
            let enclosure = try await req.shelter.enclosures.create(
                name: form["name"], description: form["description"],
                conditions: ConditionsInput(EnclosureConditions.standard), by: person)
            return req.redirect(to: ShelterWeb.enclosurePath(enclosure.id!), flash: .success, "ss.enclosure.created")
        }
    }
}

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
                  .data("refresh-on", AlarmService.eventName), .aria("live", "polite")) { content }
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
                H.ul(.class("plain-list")) { HTMLBuilder.join(board.alarms.map(alarm)) }
            },
            board.enclosures.isEmpty ? H.p(.class("empty")) { l.text("ss.dashboard.empty") } : .empty,
            H.ul(.class("plain-list enclosure-cards")) { HTMLBuilder.join(board.enclosures.map(card)) },
        ])
    }

    private func alarm(_ summary: AlarmSummary) -> HTML {
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
            if !summary.residents.isEmpty { residents(summary.residents) }
            if alarm.isOpen {
                H.div(.class("button-row")) {
                    if alarm.acknowledgedAt == nil {
                        Components.postForm(c, action: "\(ShelterWeb.prefix)/alarms/\(id)/acknowledgement") {
                            Components.primaryButton(l.text("ss.alarm.acknowledge"))
                        }
                    }
                    Components.postForm(c, action: "\(ShelterWeb.prefix)/alarms/\(id)/resolution") {
                        H.button(.class("button"), .type("submit")) { l.text("ss.alarm.resolve") }
                    }
                }
            }
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

/// A reading's values in the person's unit, with the heat-stress band in words.
struct ReadingFacts {
    let reading: Reading
    let unit: TemperatureUnit
    let c: ViewContext

    var html: HTML {
        let l = c.localizer
        let band = reading.heatStressBand
        return H.dl(.class("reading-facts")) {
            H.div { H.dt { l.text("ss.reading.temperature_label") }; H.dd { ShelterFormat.temperature(reading.temperature, unit, l) } }
            H.div { H.dt { l.text("ss.reading.humidity_label") }; H.dd { ShelterFormat.percent(reading.humidity, l) } }
            H.div {
                H.dt { l.text("ss.reading.heat_label") }
                H.dd(.class("heat heat-\(band.rawValue)")) { "\(l.number(reading.heatStressIndex, fractionDigits: 0)) · \(ShelterFormat.band(band, l))" }
            }
            if let water = reading.waterLevel { H.div { H.dt { l.text("ss.reading.water_label") }; H.dd { ShelterFormat.percent(water, l) } } }
            if let food = reading.foodLevel { H.div { H.dt { l.text("ss.reading.food_label") }; H.dd { ShelterFormat.percent(food, l) } } }
            H.div { H.dt { l.text("ss.reading.at_label") }; H.dd { ShelterFormat.moment(reading.at, l.dateTime(reading.at), l) } }
        }
    }
}

/// What a new member of the staff sees until the director gives them a role.
struct PendingView {
    let person: StaffMember
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.pending.title"), section: .dashboard, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.pending.title") }
                H.p { l.text("ss.pending.text") }
            }
        }
    }
}
