import Foundation
import Kernel
import Vapor

/// `GET /shelter/enclosures/{id}/chart?range=day|week|month`: the enclosure's temperature
/// and humidity over a day (by the hour), a week (by six hours) or a month (by the day),
/// drawn from the roll-ups, with the numbers in a table.
enum ChartPage {
    static func register(on web: any RoutesBuilder) {
        web.get("enclosures", ":enclosureID", "chart", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found")
        let range = try ChartRange(rawValue: req.query.get(String?.self, at: "range") ?? "day") ?? .day
        let enclosure = try await req.shelter.enclosures.summary(id, for: person).enclosure
        let chart = try await req.shelter.readings.chart(of: id, over: range, for: person)
        return req.render(ChartView(person: person, enclosure: enclosure, chart: chart, c: req.viewContext(for: person.account)).page)
    }
}
