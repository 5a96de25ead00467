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

    /// The hidden field an alarm card's buttons send from an enclosure's page, to come back to it.
    static let returnField = "return", toEnclosure = "enclosure"

    static func acknowledge(_ req: Request) async throws -> Response {
        try await changeAlarm(req, done: "ss.alarm.acknowledged") { id, person in try await req.shelter.alarms.acknowledge(id, by: person) }
    }

    static func resolve(_ req: Request) async throws -> Response {
        try await changeAlarm(req, done: "ss.alarm.resolved") { id, person in try await req.shelter.alarms.resolve(id, by: person) }
    }

    /// Acknowledges or resolves, then back to the dashboard, or to the alarm's enclosure
    /// when the card was there.
    private static func changeAlarm(_ req: Request, done: String, _ change: (UUID, StaffMember) async throws -> Alarm) async throws -> Response {
        let person = try await req.staffMember()
        let id = try alarmID(req)
        let fromEnclosure = FormState.submitted(by: req).values[returnField] == toEnclosure
        let dashboard = "\(ShelterWeb.prefix)/dashboard"
        let back = fromEnclosure ? try await req.shelter.alarms.enclosure(of: id, for: person).map(ShelterWeb.enclosurePath) ?? dashboard : dashboard
        return try await ShelterWeb.change(req, back: back) {
            _ = try await change(id, person)
            return req.redirect(to: back, flash: .success, done)
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
