import Foundation
import Kernel
import Vapor

/// `/shelter/tasks`: the tasks for me and my role (and those I gave), to accept and to
/// complete, and the form that gives one to a person or a role.
enum TasksPage {
    static let path = "\(ShelterWeb.prefix)/tasks"

    static func register(on web: any RoutesBuilder) {
        web.get("tasks", use: show)
        web.post("tasks", use: create)
        web.post("tasks", ":taskID", "acceptance", use: accept)
        web.post("tasks", ":taskID", "completion", use: complete)
    }

    static func show(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let tasks = try await req.shelter.tasks.list(for: person)
        let staff = try await req.shelter.tasks.assignees(for: person)
        return req.render(TasksView(person: person, tasks: tasks, staff: staff, c: req.viewContext(for: person.account)).page)
    }

    static func create(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let form = FormState.submitted(by: req).values
        // One list names both: "role:doctor" or a person's id.
        let target = form["for"] ?? ""
        let role = target.hasPrefix("role:") ? String(target.dropFirst(5)) : nil
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.tasks.create(title: form["title"], notes: form["notes"], assigneeID: role == nil ? target : nil, role: role,
                                                   dueOn: form["dueOn"], by: person)
            return req.redirect(to: path, flash: .success, "ss.task.created")
        }
    }

    static func accept(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try TaskAPI.taskID(req)
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.tasks.accept(id, by: person)
            return req.redirect(to: path, flash: .success, "ss.task.accepted")
        }
    }

    static func complete(_ req: Request) async throws -> Response {
        let person = try await req.staffMember()
        let id = try TaskAPI.taskID(req)
        return try await ShelterWeb.change(req, back: path) {
            _ = try await req.shelter.tasks.complete(id, by: person)
            return req.redirect(to: path, flash: .success, "ss.task.completed")
        }
    }
}
