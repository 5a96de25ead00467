import Fluent
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
        let staff = try await Account.query(on: req.db).filter(\.$app == SmartShelter.id).filter(\.$deactivatedAt == nil)
            .filter(\.$role != ShelterRole.pending.rawValue).all()
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

struct TasksView {
    let person: StaffMember
    let tasks: [StaffTask]
    let staff: [Account]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Kernel.Page {
        ShelterWeb.shell(person, title: l.text("ss.task.title"), section: .dashboard, c) {
            H.p(.class("breadcrumb")) { H.a(.href("\(ShelterWeb.prefix)/dashboard")) { l.text("ss.tab.dashboard") } }
            H.h1 { l.text("ss.task.title") }
            if tasks.isEmpty { H.p(.class("empty")) { l.text("ss.task.none") } }
            H.ul(.class("plain-list")) { HTMLBuilder.join(tasks.map(card)) }
            newTask
        }
    }

    private func name(_ id: UUID?) -> String {
        id.flatMap { id in staff.first { $0.id == id }?.displayName } ?? ""
    }

    private func card(_ task: StaffTask) -> HTML {
        let id = task.id!.uuidString.lowercased()
        let forWhom = task.assigneeID.map(name) ?? task.assigneeRole.flatMap(ShelterRole.init(rawValue:)).map { l.text("ss.task.for_role", ["role": l.text("ss.role.\($0.apiName)")]) } ?? ""
        return H.li(.class("card task task-\(task.status)"), .aria("labelledby", "task-\(id)")) {
            H.h2(.id("task-\(id)")) { task.title }
            if !task.notes.isEmpty { H.p { task.notes } }
            H.p(.class("hint")) {
                l.text("ss.task.meta", ["for": forWhom, "by": name(task.createdBy)])
                if let due = task.dueOn.flatMap(LocalDay.init) { " · " + l.text("ss.task.due", ["day": AnimalText.day(due, l)]) }
            }
            H.p { H.strong { l.text("ss.task.status.\(task.status)", ["who": name(task.acceptedBy)]) } }
            if task.taskStatus == .open && (task.isFor(person) || person.role == .director) {
                Components.postForm(c, action: "\(TasksPage.path)/\(id)/acceptance") { Components.primaryButton(l.text("ss.task.accept", ["title": task.title])) }
            }
            if task.taskStatus == .accepted && (task.acceptedBy == person.id || person.role == .director) {
                Components.postForm(c, action: "\(TasksPage.path)/\(id)/completion") { Components.primaryButton(l.text("ss.task.complete", ["title": task.title])) }
            }
        }
    }

    private var newTask: HTML {
        let roles = ShelterRole.assignable.map { ("role:\($0.apiName)", l.text("ss.task.for_role", ["role": l.text("ss.role.\($0.apiName)")])) }
        let people = staff.sorted { person.collation.areInIncreasingOrder($0.displayName, $1.displayName) }
            .map { ($0.id!.uuidString.lowercased(), $0.displayName) }
        return H.section(.class("card"), .aria("labelledby", "new-task")) {
            H.h2(.id("new-task")) { l.text("ss.task.new") }
            Components.postForm(c, action: TasksPage.path) {
                FormField(name: "title", label: l.text("ss.field.task_title"), maxLength: TaskService.titleMaxLength).render(FormState(), l)
                SelectField(name: "for", label: l.text("ss.field.task_for"), options: roles + people).render(FormState(), l)
                FormField(name: "dueOn", label: l.text("ss.field.task_due"), type: "date", required: false).render(FormState(), l)
                TextAreaField(name: "notes", label: l.text("ss.field.notes"), required: false, maxLength: TaskService.notesMaxLength).render(FormState(), l)
                Components.primaryButton(l.text("ss.task.give"))
            }
        }
    }
}
