import Foundation
import Kernel
import Vapor

/// `/shelter/feeding`: today's meals per enclosure and time (what each feeder gets, from
/// the animals' meal plans), with a button that records the feeding — the food leaves
/// the warehouse — and a water top-up per enclosure.
enum FeedingPage {
    static let path = "\(ShelterWeb.prefix)/feeding"

    static func register(on web: any RoutesBuilder) {
        web.get("feeding", use: show)
        web.post("enclosures", ":enclosureID", "refills", use: refill)
        web.post("feeding", "water", use: water)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let rounds = try await req.shelter.feeding.rounds(for: person)
        let enclosures = try await req.shelter.enclosures.list(for: person).map(\.enclosure)
        return req.render(FeedingView(person: person, rounds: rounds, enclosures: enclosures, c: req.viewContext(for: person.account)).page)
    }

    static func refill(_ req: Request) async throws -> Response {
        try await refill(req, enclosure: try req.uuidParameter("enclosureID", notFound: "enclosure_not_found", key: "ss.error.enclosure_not_found"))
    }

    /// The water form names its enclosure in a field (a list to choose from).
    static func water(_ req: Request) async throws -> Response {
        let typed = FormState.submitted(by: req).values["enclosureId"] ?? ""
        guard let id = UUID(uuidString: typed) else {
            return req.redirect(to: path, flash: .error, "ss.validation.choice")
        }
        return try await refill(req, enclosure: id)
    }

    private static func refill(_ req: Request, enclosure id: UUID) async throws -> Response {
        let person = try await req.staffMember()
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path) {
            let refill = try await req.shelter.feeding.refill(id, kind: form["kind"], itemID: form["itemId"], amount: form["amount"],
                                                              meal: form["meal"], by: person)
            return req.redirect(to: path, flash: .success, refill.refillKind == .food ? "ss.feeding.fed" : "ss.feeding.watered")
        }
    }
}
