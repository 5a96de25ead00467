import Foundation
import Kernel

/// The tasks with what each person may do next to them, and the form that gives one.
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
