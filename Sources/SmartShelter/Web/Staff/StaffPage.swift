import Foundation
import Kernel
import Vapor

/// `GET /shelter/staff`: the director's list of the staff, new sign-ups first, with the
/// role each has; giving a role or taking a person off the staff needs the password typed
/// again.
enum StaffPage {
    static func register(on web: any RoutesBuilder) {
        web.get("staff", use: show)
        web.post("staff", ":accountID", "role", use: setRole)
        web.post("staff", ":accountID", "dismissal", use: dismiss)
    }

    static let path = "\(ShelterWeb.prefix)/staff"

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let staff = req.shelter.staff
        return req.render(StaffView(person: person, staff: try await staff.list(by: person), onDuty: try await staff.onDuty(by: person),
                                    c: req.viewContext(for: person.account)).page)
    }

    static func setRole(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        let role = FormState.submitted(by: req).values["role"]
        return try await ShelterWeb.change(req, back: path) {
            let account = try await req.shelter.staff.setRole(of: id, to: role, by: person)
            return req.redirect(to: path, flash: .success, "ss.staff.role_given", ["name": account.displayName])
        }
    }

    static func dismiss(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try req.uuidParameter("accountID", notFound: "staff_not_found", key: "ss.error.staff_not_found")
        return try await ShelterWeb.change(req, back: path) {
            let account = try await req.shelter.staff.dismiss(id, by: person)
            return req.redirect(to: path, flash: .success, "ss.staff.dismissed", ["name": account.displayName])
        }
    }
}
