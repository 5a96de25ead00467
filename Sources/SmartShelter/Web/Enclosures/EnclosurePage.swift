import Foundation
import Kernel
import Vapor

/// `GET /shelter/enclosures/{id}`: an enclosure on one screen — its newest reading, alarms,
/// animals, today's meals, conditions (set by the director or a doctor), sensors (added
/// and re-keyed by the director, the key shown once) and the last day's readings.
enum EnclosurePage {
    static func register(on web: any RoutesBuilder) {
        web.get("enclosures", ":enclosureID", use: show)
        web.post("enclosures", ":enclosureID", "conditions", use: setConditions)
        web.post("enclosures", ":enclosureID", "sensors", use: addSensor)
        web.post("sensors", ":sensorID", "key", use: rotateKey)
        web.post("sensors", ":sensorID", use: updateSensor)
        web.post("sensors", ":sensorID", "retirement", use: retireSensor)
    }

    /// The sensor form: its name, interval, «paused» box (a box left unticked is not sent)
    /// and enclosure. A moved sensor is shown where it hangs now.
    static func updateSensor(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("sensorID", notFound: "sensor_not_found", key: "ss.error.sensor_not_found")
        let sensor = try await req.shelter.sensors.find(id)
        let form = FormState.submitted(by: req).values
        let target = try form["enclosureId"].flatMap { text in
            guard let id = UUID(uuidString: text) else { throw EnclosureService.notFound }
            return id
        }
        let from = sensor.enclosureID
        return try await ShelterWeb.change(req, back: ShelterWeb.enclosurePath(from)) {
            let saved = try await req.shelter.sensors.update(id, name: form["name"], intervalSeconds: form["intervalSeconds"],
                                                             paused: form["paused"] == "1", enclosureID: target, by: person)
            guard saved.enclosureID != from else {
                return req.redirect(to: ShelterWeb.enclosurePath(from), flash: .success, "ss.sensor.saved")
            }
            return req.redirect(to: ShelterWeb.enclosurePath(saved.enclosureID), flash: .success, "ss.sensor.moved", ["name": saved.name])
        }
    }

    static func retireSensor(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("sensorID", notFound: "sensor_not_found", key: "ss.error.sensor_not_found")
        let sensor = try await req.shelter.sensors.find(id)
        return try await ShelterWeb.change(req, back: ShelterWeb.enclosurePath(sensor.enclosureID)) {
            try await req.shelter.sensors.retire(id, by: person)
            return req.redirect(to: ShelterWeb.enclosurePath(sensor.enclosureID), flash: .success, "ss.sensor.retired", ["name": sensor.name])
        }
    }

    static let recentLimit = 48

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try enclosureID(req)
        let overview = try await req.shelter.enclosures.overview(id, for: person)
        let since = req.shelter.clock.now.addingTimeInterval(-24 * 3600)
        let readings = try await req.shelter.readings.recent(in: id, since: since, limit: recentLimit, for: person)
        let here = Dictionary(uniqueKeysWithValues: overview.summary.sensors.map { ($0.id!, $0.name) })
        let movedAway = Set(readings.map(\.sensorID)).subtracting(here.keys)
        let sensorNames = here.merging(try await req.shelter.sensors.names(of: movedAway)) { a, _ in a }
        let view = EnclosureView(person: person, overview: overview, readings: readings, enclosureNames: try await req.shelter.enclosures.names(for: person),
                                 sensorNames: sensorNames, c: req.viewContext(for: person.account))
        return req.render(view.page)
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
        let response = req.render(SensorKeyView(person: person, issued: issued, server: req.kernel.configuration.publicURL,
                                                apiPath: SmartShelter.descriptor.apiPath,
                                                now: req.shelter.clock.now, c: req.viewContext(for: person.account)).page)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    private static func enclosureID(_ req: Request) throws -> UUID {
        try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
    }
}
