import Foundation
import Kernel
import Vapor

/// `GET /shelter/dashboard`: every enclosure with its newest reading and heat stress; the
/// director adds enclosures here. A pending person sees that they wait for a role.
enum DashboardPage {
    static func register(on web: any RoutesBuilder) {
        web.get("dashboard", use: show)
        web.post("enclosures", use: create)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let c = req.viewContext(for: person.account)
        guard person.role != .pending else { return req.render(PendingView(person: person, c: c).page) }
        return req.render(DashboardView(person: person, enclosures: try await req.shelter.enclosures.list(for: person), c: c).page)
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
    let person: StaffMember
    let enclosures: [EnclosureSummary]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        ShelterWeb.shell(person, title: l.text("ss.dashboard.title"), section: .dashboard, c) {
            H.h1 { l.text("ss.dashboard.title") }
            if enclosures.isEmpty { H.p(.class("empty")) { l.text("ss.dashboard.empty") } }
            H.ul(.class("plain-list enclosure-cards")) {
                HTMLBuilder.join(enclosures.map(card))
            }
            if person.role == .director { newEnclosure }
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
            H.div { H.dt { l.text("ss.reading.at_label") }; H.dd { l.dateTime(reading.at) } }
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
