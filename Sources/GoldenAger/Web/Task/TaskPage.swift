import Foundation
import Kernel
import Vapor

/// `/tasks/:id`: a task as a volunteer sees it — before accepting, what is to be done;
/// once theirs, the pensioner's address and phone — and its buttons: accept, decline,
/// and giving an accepted task back with a reason.
enum TaskPage {
    static let prefix = GoldenAgerWeb.prefix

    static func register(on web: any RoutesBuilder) {
        web.get("tasks", ":taskID", use: task)
        web.post("tasks", ":taskID", "accept", use: accept)
        web.post("tasks", ":taskID", "decline", use: decline)
        web.post("tasks", ":taskID", "withdraw", use: withdraw)
        web.post("tasks", ":taskID", "arrive", use: arrive)
        web.post("tasks", ":taskID", "finish", use: finish)
    }

    static func task(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let details = try await req.goldenAger.tasks.task(try req.uuidParameter("taskID"), for: member)
        return req.render(TaskView.page(member, details, req.viewContext))
    }

    static func inboxPath(_: UUID) -> String { "\(prefix)/inbox" }
    static func taskPath(_ id: UUID) -> String { "\(prefix)/tasks/\(id)" }

    /// «Я на місці».
    static func arrive(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: taskPath, next: taskPath, .success, "ga.task.arrived_flash") {
            _ = try await $0.arrive(taskID: $1, by: $2)
        }
    }

    /// «Виконано»: back to the inbox, free for the next task.
    static func finish(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: taskPath, next: inboxPath, .success, "ga.task.finished_flash") {
            _ = try await $0.finish(taskID: $1, by: $2)
        }
    }

    static func accept(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: inboxPath, next: { "\(prefix)/tasks/\($0)" }, .success, "ga.task.accepted_flash") {
            _ = try await $0.accept(taskID: $1, by: $2)
        }
    }

    static func decline(_ req: Request) async throws -> Response {
        try await GoldenAgerWeb.taskButton(req, as: .volunteer, fallback: inboxPath, next: inboxPath, .info, "ga.task.declined_flash") {
            try await $0.decline(taskID: $1, by: $2)
        }
    }

    /// Gives the task back; without a reason, the form comes back saying so.
    static func withdraw(_ req: Request) async throws -> Response {
        let member = try await req.member(.volunteer)
        let id = try req.uuidParameter("taskID")
        let reason = (try? req.content.get(String.self, at: "reason")) ?? ""
        do {
            return try await req.showingConflicts(on: "\(prefix)/inbox") {
                _ = try await req.goldenAger.tasks.withdraw(taskID: id, reason: reason, by: member)
                return req.redirect(to: "\(prefix)/inbox", flash: .info, "ga.task.withdrawn_flash")
            }
        } catch let error as AppError where !error.fieldErrors.isEmpty {
            let details = try await req.goldenAger.tasks.task(id, for: member)
            let state = FormState(values: ["reason": reason], errors: error.fieldErrors)
            return req.render(TaskView.withdrawal(member, details, state: state, status: error.status, req.viewContext))
        }
    }
}
