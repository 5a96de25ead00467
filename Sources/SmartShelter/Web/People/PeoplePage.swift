import Foundation
import Kernel
import Vapor

/// `/shelter/people`: the people the shelter deals with — found by name, phone or e-mail,
/// a new one added — and `/shelter/people/{id}`: one person's details, history and the
/// form that changes them (with the do-not-adopt flag). Doctors and the director.
enum PeoplePage {
    static let path = "\(ShelterWeb.prefix)/people"

    static func path(_ id: UUID) -> String { "\(path)/\(id.uuidString.lowercased())" }

    static func register(on web: any RoutesBuilder) {
        web.get("people", use: list)
        web.post("people", use: create)
        web.get("people", ":personID", use: show)
        web.post("people", ":personID", use: update)
    }

    static func list(_ req: Request) async throws -> Response {
        let staff = try await req.staffMember()
        let search = req.query[String.self, at: "q"]
        let people = try await req.shelter.people.list(for: staff, search: search)
        return req.render(PeopleView(person: staff, people: people, search: search ?? "", form: FormState(),
                                     c: req.viewContext(for: staff.account)).page)
    }

    static func create(_ req: Request) async throws -> Response {
        let staff = try await req.staffMember()
        let state = FormState.submitted(by: req)
        return try await ShelterWeb.change(req, back: path) {
            do {
                let made = try await req.shelter.people.create(input(state.values), by: staff)
                return req.redirect(to: path(made.id!), flash: .success, "ss.person.created")
            } catch let error as AppError where error.status == .unprocessableEntity {
                // What was typed comes back with each fault beside its field.
                let people = try await req.shelter.people.list(for: staff)
                return req.render(PeopleView(person: staff, people: people, search: "", form: FormState(values: state.values, errors: error.fieldErrors),
                                             status: .unprocessableEntity, c: req.viewContext(for: staff.account)).page)
            }
        }
    }

    static func show(_ req: Request) async throws -> Response {
        let staff = try await req.staffMember()
        let history = try await req.shelter.people.history(try PeopleAPI.personID(req), for: staff)
        return req.render(PersonView(person: staff, history: history, c: req.viewContext(for: staff.account)).page)
    }

    static func update(_ req: Request) async throws -> Response {
        let staff = try await req.staffMember()
        let id = try PeopleAPI.personID(req)
        let values = FormState.submitted(by: req).values
        return try await ShelterWeb.change(req, back: path(id)) {
            _ = try await req.shelter.people.update(id, with: input(values), by: staff)
            return req.redirect(to: path(id), flash: .success, "ss.person.saved")
        }
    }

    /// A box left unticked is not sent: no `doNotAdopt` is «no».
    static func input(_ form: [String: String]) -> PersonInput {
        PersonInput(name: form["name"], phone: form["phone"], email: form["email"], kind: form["kind"], notes: form["notes"],
                    doNotAdopt: form["doNotAdopt"] == "1" ? "true" : "false", doNotAdoptReason: form["doNotAdoptReason"])
    }
}
