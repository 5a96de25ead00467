import Foundation
import Kernel
import Vapor

/// `/shelter/applications`: the applications to adopt, for doctors and the director —
/// each with its review (notes, a home-visit task) and its decision.
enum ApplicationsPage {
    static let path = "\(ShelterWeb.prefix)/applications"

    static func register(on web: any RoutesBuilder) {
        web.get("applications", use: show)
        web.post("applications", ":applicationID", "review", use: review)
        web.post("applications", ":applicationID", "decision", use: decide)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let rows = try await req.shelter.applications.list(for: person)
        let staff = try await req.shelter.tasks.assignees(for: person)
        return req.render(ApplicationsView(person: person, rows: rows, staff: staff, today: LocalDay(req.kernel.clock.now, in: person.timeZone),
                                           c: req.viewContext(for: person.account)).page)
    }

    static func review(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try AdoptionAPI.applicationID(req)
        let form = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.applications.review(id, notes: form["notes"], visitBy: form["visitBy"], visitOn: form["visitOn"], by: person)
            return req.redirect(to: path, flash: .success, "ss.adopt.reviewed")
        }
    }

    static func decide(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try AdoptionAPI.applicationID(req)
        let form = FormState.submitted(by: req).values
        let approve = form["decision"].map { $0 == "approve" }
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.applications.decide(id, approve: approve, reason: form["reason"], by: person)
            return req.redirect(to: path, flash: .success, approve == true ? "ss.adopt.approved" : "ss.adopt.rejected")
        }
    }
}
