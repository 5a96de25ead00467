import Foundation
import Kernel
import Vapor

/// `GET /shelter/statistics?from=YYYY-MM-DD&to=YYYY-MM-DD`: intakes and outcomes over the
/// range, for the director and doctors. A range that is not one comes back in the form with
/// its message (422), and no figures.
enum StatisticsPage {
    static let path = "\(ShelterWeb.prefix)/statistics"

    static func register(on web: any RoutesBuilder) {
        web.get("statistics", use: show)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let typed = ["from": req.query[String.self, at: "from"] ?? "", "to": req.query[String.self, at: "to"] ?? ""]
        let c = req.viewContext(for: person.account)
        do {
            let statistics = try await req.shelter.statistics.statistics(from: typed["from"], to: typed["to"], for: person)
            let form = FormState(values: ["from": statistics.range.from.description, "to": statistics.range.to.description])
            return req.render(StatisticsView(person: person, form: form, statistics: statistics, figures: figures(req), c: c).page)
        } catch let error as AppError where error.status == .unprocessableEntity {
            // Only for someone who may read the figures: the service refuses others first.
            let form = FormState(values: typed, errors: error.fieldErrors)
            return req.render(StatisticsView(person: person, form: form, statistics: nil, figures: figures(req), c: c).page)
        }
    }

    private static func figures(_ req: Request) -> StatisticsView.FiguresCache {
        req.kernel.state.shared { StatisticsView.FiguresCache(capacity: 64) }
    }
}
