import Foundation
import Kernel
import Vapor

/// `GET /shelter/enclosures/{id}`: an enclosure's conditions (set by the director or a
/// doctor), its sensors (added and re-keyed by the director, the key shown once) and the
/// last day's readings.
enum EnclosurePage {
    static func register(on web: any RoutesBuilder) {
        web.get("enclosures", ":enclosureID", use: show)
        web.post("enclosures", ":enclosureID", "conditions", use: setConditions)
        web.post("enclosures", ":enclosureID", "sensors", use: addSensor)
        web.post("sensors", ":sensorID", "key", use: rotateKey)
    }

    static let recentLimit = 48

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try enclosureID(req)
        let summary = try await req.shelter.enclosures.summary(id, for: person)
        let since = req.shelter.clock.now.addingTimeInterval(-24 * 3600)
        let readings = try await req.shelter.readings.recent(in: id, since: since, limit: recentLimit, for: person)
        return req.render(EnclosureView(person: person, summary: summary, readings: readings, c: req.viewContext(for: person.account)).page)
    }

    static func setConditions(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try enclosureID(req)
        let form = FormState.submitted(by: req).values
        let input = ConditionsInput(minTemperature: form["minTemperature"], maxTemperature: form["maxTemperature"],
                                    minHumidity: form["minHumidity"], maxHumidity: form["maxHumidity"], minWater: form["minWater"])
        return try await ShelterWeb.change(req, back: ShelterWeb.enclosurePath(id)) {
            _ = try await req.shelter.enclosures.setConditions(of: id, to: input, by: person)
            return req.redirect(to: ShelterWeb.enclosurePath(id), flash: .success, "ss.enclosure.conditions_saved")
        }
    }

    static func addSensor(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try enclosureID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: ShelterWeb.enclosurePath(id)) {
            let issued = try await req.shelter.sensors.create(in: id, name: form["name"], intervalSeconds: form["intervalSeconds"], by: person)
            return keyPage(req, person, issued)
        }
    }

    static func rotateKey(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("sensorID", notFound: "sensor_not_found", key: "ss.error.sensor_not_found")
        let sensor = try await req.shelter.sensors.find(id)
        return try await ShelterWeb.change(req, back: ShelterWeb.enclosurePath(sensor.enclosureID)) {
            keyPage(req, person, try await req.shelter.sensors.rotateKey(of: id, by: person))
        }
    }

    /// The key, this once, with how a device sends with it; never cached by the browser.
    private static func keyPage(_ req: Request, _ person: StaffMember, _ issued: IssuedSensorKey) -> Response {
        let response = req.render(SensorKeyView(person: person, issued: issued, apiPath: SmartShelter.descriptor.apiPath,
                                                now: req.shelter.clock.now, c: req.viewContext(for: person.account)).page)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    private static func enclosureID(_ req: Request) throws -> UUID {
        try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
    }
}

struct EnclosureView {
    let person: StaffMember
    let summary: EnclosureSummary
    let readings: [(sensorID: UUID, reading: Reading)]
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var enclosure: Enclosure { summary.enclosure }
    private var path: String { ShelterWeb.enclosurePath(enclosure.id!) }

    var page: Page {
        ShelterWeb.shell(person, title: enclosure.name, section: .dashboard, c) {
            H.p(.class("breadcrumb")) { H.a(.href("\(ShelterWeb.prefix)/dashboard")) { l.text("ss.dashboard.title") } }
            H.h1 { enclosure.name }
            if !enclosure.description.isEmpty { H.p { enclosure.description } }
            H.p { H.a(.class("button"), .href("\(path)/chart")) { l.text("ss.chart.open") } }
            if let latest = summary.latest {
                H.section(.class("card"), .aria("labelledby", "latest")) {
                    H.h2(.id("latest")) { l.text("ss.enclosure.latest") }
                    ReadingFacts(reading: latest, unit: person.unit, c: c).html
                }
            }
            conditions
            sensors
            recent
        }
    }

    private var canSetConditions: Bool { person.role == .director || person.role == .doctor }

    private var conditions: HTML {
        let values = ConditionsInput(enclosure.conditions)
        let form = FormState(values: ["minTemperature": values.minTemperature ?? "", "maxTemperature": values.maxTemperature ?? "",
                                      "minHumidity": values.minHumidity ?? "", "maxHumidity": values.maxHumidity ?? "",
                                      "minWater": values.minWater ?? ""])
        return H.section(.class("card"), .aria("labelledby", "conditions")) {
            H.h2(.id("conditions")) { l.text("ss.enclosure.conditions") }
            if canSetConditions {
                Components.postForm(c, action: "\(path)/conditions") {
                    H.div(.class("field-pair")) {
                        FormField(name: "minTemperature", label: l.text("ss.field.min_temperature"), inputMode: "decimal", maxLength: 8).render(form, l)
                        FormField(name: "maxTemperature", label: l.text("ss.field.max_temperature"), inputMode: "decimal", maxLength: 8).render(form, l)
                    }
                    H.div(.class("field-pair")) {
                        FormField(name: "minHumidity", label: l.text("ss.field.min_humidity"), inputMode: "decimal", maxLength: 8).render(form, l)
                        FormField(name: "maxHumidity", label: l.text("ss.field.max_humidity"), inputMode: "decimal", maxLength: 8).render(form, l)
                    }
                    FormField(name: "minWater", label: l.text("ss.field.min_water"), inputMode: "decimal", maxLength: 8).render(form, l)
                    Components.primaryButton(l.text("ss.enclosure.save_conditions"))
                }
            } else {
                let t = enclosure.conditions
                H.p {
                    l.text("ss.enclosure.conditions_text", [
                        "minT": ShelterFormat.temperature(t.minTemperature, person.unit, l), "maxT": ShelterFormat.temperature(t.maxTemperature, person.unit, l),
                        "minH": ShelterFormat.percent(t.minHumidity, l), "maxH": ShelterFormat.percent(t.maxHumidity, l),
                        "water": ShelterFormat.percent(t.minWater, l),
                    ])
                }
            }
        }
    }

    private var sensors: HTML {
        H.section(.class("card"), .aria("labelledby", "sensors")) {
            H.h2(.id("sensors")) { l.text("ss.sensor.title") }
            if summary.sensors.isEmpty { H.p(.class("empty")) { l.text("ss.enclosure.no_sensors") } }
            H.ul(.class("plain-list sensor-list")) {
                HTMLBuilder.join(summary.sensors.map { sensor in
                    H.li(.class("sensor")) {
                        H.strong { sensor.name }
                        H.small {
                            l.text("ss.sensor.facts", ["interval": l.plural("ss.sensor.seconds", count: sensor.intervalSeconds),
                                                       "last": sensor.lastReadingAt.map(l.dateTime) ?? l.text("ss.sensor.never")])
                        }
                        if person.role == .director {
                            Components.postForm(c, action: "\(ShelterWeb.prefix)/sensors/\(sensor.id!.uuidString.lowercased())/key",
                                                confirm: l.text("ss.sensor.rotate_confirm")) {
                                H.button(.class("button"), .type("submit")) { l.text("ss.sensor.rotate") }
                            }
                        }
                    }
                })
            }
            if person.role == .director {
                H.h3 { l.text("ss.sensor.new") }
                Components.postForm(c, action: "\(path)/sensors") {
                    FormField(name: "name", label: l.text("ss.field.sensor_name"), maxLength: SensorService.nameMaxLength).render(FormState(), l)
                    FormField(name: "intervalSeconds", label: l.text("ss.field.interval"), required: false, inputMode: "numeric", maxLength: 5)
                        .render(FormState(values: ["intervalSeconds": String(SensorService.defaultInterval)]), l)
                    Components.primaryButton(l.text("ss.sensor.add"))
                }
            }
        }
    }

    private var recent: HTML {
        let names = Dictionary(uniqueKeysWithValues: summary.sensors.map { ($0.id!, $0.name) })
        return H.section(.class("card"), .aria("labelledby", "recent")) {
            H.h2(.id("recent")) { l.text("ss.enclosure.recent") }
            if readings.isEmpty {
                H.p(.class("empty")) { l.text("ss.enclosure.no_recent") }
            } else {
                Components.tableScroll(label: l.text("ss.enclosure.recent")) {
                    H.table {
                        H.thead {
                            H.tr {
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.at_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.sensor.one") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.temperature_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.humidity_label") }
                                H.th(Attribute("scope", "col")) { l.text("ss.reading.heat_label") }
                            }
                        }
                        H.tbody {
                            HTMLBuilder.join(readings.map { row in
                                H.tr {
                                    H.td { ShelterFormat.moment(row.reading.at, l.time(row.reading.at), l) }
                                    H.td { names[row.sensorID] ?? "" }
                                    H.td { ShelterFormat.temperature(row.reading.temperature, person.unit, l) }
                                    H.td { ShelterFormat.percent(row.reading.humidity, l) }
                                    H.td { ShelterFormat.band(row.reading.heatStressBand, l) }
                                }
                            })
                        }
                    }
                }
            }
        }
    }
}

/// A sensor's key, shown once, with an example of a device sending a reading with it.
struct SensorKeyView {
    let person: StaffMember
    let issued: IssuedSensorKey
    let apiPath: String
    /// The example's reading time: a reading must be recent to be taken.
    let now: Date
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        let id = issued.sensor.id!.uuidString.lowercased()
        let example = """
            curl -X POST "$SERVER\(apiPath)/sensors/\(id)/readings" \\
              -H "Authorization: Bearer \(issued.key)" -H "Content-Type: application/json" \\
              -d '{"at": "\(now.ISO8601Format())", "temperature": 24.5, "humidity": 55, "waterLevel": 80, "foodLevel": 60}'
            """
        return ShelterWeb.shell(person, title: l.text("ss.sensor.key_title"), section: .dashboard, c) {
            H.section(.class("card")) {
                H.h1 { l.text("ss.sensor.key_title") }
                H.p { l.text("ss.sensor.key_once", ["name": issued.sensor.name]) }
                H.dl(.class("reading-facts")) {
                    H.div { H.dt { l.text("ss.sensor.id") }; H.dd { H.element("code", [], content: HTML(text: id)) } }
                    H.div { H.dt { l.text("ss.sensor.key") }; H.dd { H.element("code", [.class("secret")], content: HTML(text: issued.key)) } }
                }
                H.h2 { l.text("ss.sensor.example") }
                H.element("pre", [.class("example")], content: H.element("code", [], content: HTML(text: example)))
                H.a(.class("button button-block"), .href(ShelterWeb.enclosurePath(issued.sensor.enclosureID))) { l.text("ss.sensor.done") }
            }
        }
    }
}
